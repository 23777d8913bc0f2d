import { cloneElement, type FocusEvent, type MouseEvent, type ReactElement, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { tooltipTiming } from './tooltip-timing';

type TriggerProps = {
  'aria-describedby'?: string;
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  onBlur?: (e: FocusEvent) => void;
};

/**
 * The one tooltip of the app (spec: 700 ms open delay). The child is the trigger: it is described by
 * the tooltip (aria-describedby, so screen readers read it even while hidden), shows it after 700 ms
 * of hover or at once on keyboard focus, and hides it on leave, blur or Escape. The tooltip is a manual
 * popover placed above the trigger: in the top layer, no card's overflow clips it.
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
}: {
  content: string | undefined | null;
  children: ReactElement<TriggerProps>;
  placement?: 'top' | 'bottom';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const tip = useRef<HTMLSpanElement>(null);
  const trigger = useRef<Element | null>(null);
  const timing = useRef<ReturnType<typeof tooltipTiming> | null>(null);
  timing.current ??= tooltipTiming(setOpen);
  useEffect(() => () => timing.current?.dispose(), []);
  // Escape hides it wherever the focus is (a hover tooltip's trigger need not have the focus).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && timing.current?.hide();
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);

  useLayoutEffect(() => {
    const el = tip.current;
    const at = trigger.current?.getBoundingClientRect();
    if (!el || !open || !at) return;
    if (typeof el.showPopover === 'function' && !el.matches(':popover-open')) el.showPopover();
    const { width, height } = el.getBoundingClientRect();
    const left = Math.min(Math.max(8, at.left + at.width / 2 - width / 2), window.innerWidth - width - 8);
    const above = at.top - height - 6;
    const top = placement === 'top' && above >= 8 ? above : at.bottom + 6;
    el.style.left = `${left}px`;
    el.style.top = `${top}px`;
    return () => {
      if (typeof el.hidePopover === 'function' && el.matches(':popover-open')) el.hidePopover();
    };
  }, [open, placement]);

  if (!content) return children;
  const t = () => timing.current as ReturnType<typeof tooltipTiming>;
  const own = children.props;
  const trigger$ = cloneElement(children, {
    'aria-describedby': [own['aria-describedby'], id].filter(Boolean).join(' '),
    onMouseEnter: (e: MouseEvent) => {
      trigger.current = e.currentTarget;
      t().hover();
      own.onMouseEnter?.(e);
    },
    onMouseLeave: (e: MouseEvent) => {
      t().hide();
      own.onMouseLeave?.(e);
    },
    onFocus: (e: FocusEvent) => {
      trigger.current = e.currentTarget;
      // Keyboard focus only: a click also focuses a button, and must not pop the tooltip up at once.
      if (e.currentTarget.matches(':focus-visible')) t().focus();
      own.onFocus?.(e);
    },
    onBlur: (e: FocusEvent) => {
      t().hide();
      own.onBlur?.(e);
    },
  });
  return (
    <>
      {trigger$}
      <span
        ref={tip}
        id={id}
        role="tooltip"
        popover="manual"
        hidden={!open}
        className="pointer-events-none fixed m-0 max-w-72 rounded-field border-0 bg-neutral px-2 py-1 text-xs whitespace-normal text-neutral-content shadow-md"
        data-testid="tooltip"
      >
        {content}
      </span>
    </>
  );
}
