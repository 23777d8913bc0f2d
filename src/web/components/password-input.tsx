import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FormField } from './form-field';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode };

export const PasswordInput = forwardRef<HTMLInputElement, Props>(function PasswordInput(props, ref) {
  const { LL } = useI18nContext();
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-circle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? LL.auth.hidePassword() : LL.auth.showPassword()}
        >
          {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      }
    />
  );
});
