import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';

/** A daisyUI modal on <dialog> (focus trap, Escape closes) whose content mounts only while open. */
export function Modal({
  open,
  title,
  subtitle,
  onClose,
  children,
  wide,
  testId,
}: {
  open: boolean;
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const { LL } = useI18nContext();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose} data-testid={testId}>
      <div className={`modal-box ${wide ? 'sm:max-w-3xl' : 'sm:max-w-lg'}`}>
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h3 id={titleId} className="text-lg font-bold">
              {title}
            </h3>
            {subtitle && <p className="text-sm text-base-content/70">{subtitle}</p>}
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={LL.common.close()}>
            <X className="size-4" aria-hidden />
          </button>
        </div>
        {open && children}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          {LL.common.close()}
        </button>
      </form>
    </dialog>
  );
}

/** A dialog's buttons: Cancel (ghost, left) and the dialog's own action(s) passed as children. */
export function DialogActions({
  onCancel,
  cancelDisabled,
  cancelLabel,
  children,
}: {
  onCancel: () => void;
  cancelDisabled?: boolean;
  cancelLabel?: string;
  children: ReactNode;
}) {
  const { LL } = useI18nContext();
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel ?? LL.common.cancel()}
      </button>
      {children}
    </div>
  );
}
