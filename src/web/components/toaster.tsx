import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { dismissToast, pauseToast, resumeToast, useToast } from '../lib/toast';

const STYLE = {
  default: 'alert-info',
  success: 'alert-success',
  destructive: 'alert-error',
} as const;

/** The toast region: F8 moves the focus to it (spec part 1 §9). */
export function Toaster() {
  const toast = useToast();
  const region = useRef<HTMLElement>(null);
  const { LL } = useI18nContext();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A modal <dialog> sits in the browser's top layer, above any z-index. The region is a manual
  // popover, shown again for each toast, so the newest toast is above an open dialog too.
  const toastId = toast?.id;
  useEffect(() => {
    const el = region.current;
    if (!el || typeof el.showPopover !== 'function') return;
    try {
      if (el.matches(':popover-open')) el.hidePopover();
      if (toastId !== undefined) el.showPopover();
    } catch {
      // Not connected yet, or popovers unsupported: the z-index still applies.
    }
  }, [toastId]);

  const Icon = toast?.variant === 'success' ? CircleCheck : toast?.variant === 'destructive' ? CircleAlert : Info;
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={LL.common.notificationsRegion()}
      popover="manual"
      // Top centre, below the 4rem header: action buttons live at the bottom of forms and dialogs, the
      // account menu at the top right; toasts cover neither. daisyUI's .toast overrides the closed
      // popover's display:none, so the empty region is still a box: it must let taps through.
      className="toast toast-center toast-top pointer-events-none top-18 z-[100] m-0 overflow-visible border-0 bg-transparent p-0 outline-none"
      onMouseEnter={pauseToast}
      onMouseLeave={resumeToast}
      onFocus={pauseToast}
      onBlur={resumeToast}
    >
      {toast && (
        <div
          key={toast.id}
          role={toast.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
          data-testid="toast"
          data-variant={toast.variant}
          className={`alert ${STYLE[toast.variant]} pointer-events-auto w-80 max-w-[calc(100vw-2rem)] items-start whitespace-normal shadow-lg sm:w-96`}
        >
          <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1 text-left">
            <p className="font-semibold">{toast.title}</p>
            {toast.description && <p className="text-sm break-words opacity-90">{toast.description}</p>}
          </div>
          <button type="button" className="btn btn-ghost btn-xs btn-circle" onClick={dismissToast} aria-label={LL.common.close()}>
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </section>
  );
}
