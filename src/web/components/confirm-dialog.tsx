import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { LabelledField } from './form-field';
import { PendingButton } from './pending-button';
import { DialogActions } from './modal';

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** When set, the confirm button stays disabled until this exact word is typed. */
  confirmWord?: string;
  confirmLabel: string;
  tone?: 'primary' | 'error';
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A modal confirmation built on <dialog> (focus trap, Escape to close). */
export function ConfirmDialog(props: Props) {
  // Mounted only while open: a fresh typed word each time, and no hidden copies in the page.
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ title, children, confirmWord, confirmLabel, tone = 'primary', pending, onConfirm, onClose }: Props) {
  const { LL } = useI18nContext();
  const ref = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const ready = !confirmWord || typed === confirmWord;
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => pending && e.preventDefault()}
    >
      <form
        method="dialog"
        className="modal-box"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !pending) onConfirm();
        }}
      >
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <div className="py-3 text-base-content/80">{children}</div>
        {confirmWord && (
          <LabelledField label={LL.settings.advanced.typeToConfirm({ word: confirmWord })} htmlFor={inputId}>
            <input
              id={inputId}
              className="input w-full font-mono"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              data-testid="confirm-input"
            />
          </LabelledField>
        )}
        <DialogActions onCancel={onClose} cancelDisabled={pending}>
          <PendingButton pending={!!pending} disabled={!ready} className={tone === 'error' ? 'btn-error' : 'btn-primary'} testId="confirm-button">
            {confirmLabel}
          </PendingButton>
        </DialogActions>
      </form>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={LL.common.close()} disabled={pending}>
          {LL.common.close()}
        </button>
      </form>
    </dialog>
  );
}

/** A confirmation about one chosen item: open while `target` is set; its text and its action get that item. */
export function ConfirmFor<T>({
  target,
  text,
  onConfirm,
  ...rest
}: Omit<Props, 'open' | 'children' | 'onConfirm'> & { target: T | null | undefined; text: (t: T) => ReactNode; onConfirm: (t: T) => void }) {
  if (target === null || target === undefined) return null;
  return (
    <OpenDialog {...rest} open onConfirm={() => onConfirm(target)}>
      {text(target)}
    </OpenDialog>
  );
}
