import type { KeyboardEvent, ReactNode } from 'react';

/**
 * The tab a key moves to in a row of tabs (WAI-ARIA tabs pattern, automatic activation): arrows step and wrap,
 * Home/End jump to the ends, disabled tabs are skipped. Null when the key is not one of those.
 */
export function tabAfterKey<T>(options: readonly T[], current: T, key: string, isDisabled: (t: T) => boolean = () => false): T | null {
  const enabled = options.filter((t) => !isDisabled(t));
  if (enabled.length === 0) return null;
  const at = enabled.indexOf(current);
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return enabled[(at + 1) % enabled.length]!;
    case 'ArrowLeft':
    case 'ArrowUp':
      return enabled[(at - 1 + enabled.length) % enabled.length]!;
    case 'Home':
      return enabled[0]!;
    case 'End':
      return enabled.at(-1)!;
    default:
      return null;
  }
}

const VARIANT = { box: 'tabs-box', border: 'tabs-border' } as const;

/**
 * A row of tabs that filters or switches what the screen shows (status filters, a page's sections, a dialog's modes):
 * one `role="tablist"`, the selected tab marked `aria-selected` and `tab-active`, arrow keys move between tabs.
 * The tab panel stays with the screen.
 */
export function FilterTabs<T extends string>({
  options,
  value,
  onChange,
  label,
  ariaLabel,
  testId,
  variant = 'box',
  className = '',
  tabClassName = 'whitespace-nowrap',
  isDisabled,
}: {
  options: readonly T[];
  value: T;
  onChange: (t: T) => void;
  /** What a tab shows (its text, with an icon if any); `selected` for tabs that restyle their content. */
  label: (t: T, selected: boolean) => ReactNode;
  /** The row's accessible name. */
  ariaLabel?: string;
  /** Each tab's test id, from its value. */
  testId?: (t: T) => string;
  variant?: keyof typeof VARIANT;
  /** Layout of the row (margins, width, grid). */
  className?: string;
  /** Extra classes on every tab. */
  tabClassName?: string;
  isDisabled?: (t: T) => boolean;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(options, value, e.key, isDisabled);
    if (next === null) return;
    e.preventDefault();
    onChange(next);
    // Focus follows the selection: the new tab is a sibling of the focused one.
    const row = e.currentTarget;
    requestAnimationFrame(() => row.querySelector<HTMLButtonElement>('[role="tab"][aria-selected="true"]')?.focus());
  };
  return (
    <div role="tablist" aria-label={ariaLabel} className={`tabs ${VARIANT[variant]} ${className}`} onKeyDown={onKeyDown}>
      {options.map((t) => {
        const selected = t === value;
        return (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            disabled={isDisabled?.(t)}
            className={`tab ${tabClassName} ${selected ? 'tab-active' : ''}`}
            onClick={() => onChange(t)}
            data-testid={testId?.(t)}
          >
            {label(t, selected)}
          </button>
        );
      })}
    </div>
  );
}
