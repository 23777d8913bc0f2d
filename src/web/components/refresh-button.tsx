import type { ButtonHTMLAttributes } from 'react';
import { RefreshCw } from 'lucide-react';

/** Reload what the screen shows: the arrows turn while it reloads, and the button waits for it. */
export function RefreshButton({
  onClick,
  spinning,
  disabled = spinning,
  label,
  testId,
  className = 'btn-outline',
  compactOnMobile = false,
  ...trigger
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'className' | 'disabled'> & {
  onClick: () => void;
  spinning: boolean;
  disabled?: boolean;
  label: string;
  testId?: string;
  className?: string;
  /** The label only from `sm` up (the button keeps it as its accessible name). */
  compactOnMobile?: boolean;
}) {
  // `trigger`: what a wrapping Tooltip adds (aria-describedby, hover and focus handlers) reaches the button.
  return (
    <button
      {...trigger}
      type="button"
      className={`btn ${className}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={compactOnMobile ? label : undefined}
      data-testid={testId}
    >
      <RefreshCw className={`size-4 ${spinning ? 'animate-spin' : ''}`} aria-hidden />{' '}
      {compactOnMobile ? <span className="hidden sm:inline">{label}</span> : label}
    </button>
  );
}
