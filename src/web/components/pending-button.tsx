import type { MouseEventHandler, ReactNode } from 'react';

/**
 * A button whose action runs on the server: off and with a spinner while it runs (in place of its icon), its
 * working label if it has one. `className` carries the daisyUI look (`btn-primary` by default) and layout.
 */
export function PendingButton({
  pending,
  disabled = false,
  type = 'submit',
  className = 'btn-primary',
  icon,
  pendingLabel,
  onClick,
  testId,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  type?: 'submit' | 'button';
  className?: string;
  icon?: ReactNode;
  pendingLabel?: ReactNode;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button type={type} className={`btn ${className}`} disabled={pending || disabled} onClick={onClick} data-testid={testId}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden /> : icon}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
