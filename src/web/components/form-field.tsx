import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslateMessage } from '../lib/validation';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode; trailing?: ReactNode };

/** A labelled input with its validation message (react-hook-form's register spreads into it). */
export const FormField = forwardRef<HTMLInputElement, Props>(function FormField({ label, error, hint, trailing, className = '', id, ...input }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const translate = useTranslateMessage();
  const message = translate(error);
  return (
    <fieldset className={`fieldset ${className}`}>
      <label className="fieldset-legend pb-1" htmlFor={inputId}>
        {label}
      </label>
      <label className={`input w-full ${message ? 'input-error' : ''} ${input.readOnly ? 'bg-base-200' : ''}`}>
        <input id={inputId} ref={ref} aria-invalid={message ? true : undefined} aria-describedby={message ? `${inputId}-error` : undefined} {...input} />
        {trailing}
      </label>
      {message && (
        <p id={`${inputId}-error`} className="label text-error" role="alert" data-testid="field-error">
          {message}
        </p>
      )}
      {hint}
    </fieldset>
  );
});

/**
 * A label above any control (select, textarea, file input, a custom picker) and its message. The control takes the
 * id: pass `htmlFor` when the screen already has one, or a function child that receives the generated one.
 */
export function LabelledField({
  label,
  error,
  htmlFor,
  className = '',
  children,
}: {
  label: ReactNode;
  error?: string;
  htmlFor?: string;
  className?: string;
  children: ReactNode | ((id: string) => ReactNode);
}) {
  const generated = useId();
  const id = htmlFor ?? generated;
  return (
    <fieldset className={`fieldset ${className}`}>
      <label className="fieldset-legend pb-1" htmlFor={id}>
        {label}
      </label>
      {typeof children === 'function' ? children(id) : children}
      {error && (
        <p className="label text-error whitespace-normal" role="alert" data-testid="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
