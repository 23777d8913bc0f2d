import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { passwordStrength, ZRegister, type TRegister } from '@/domains/auth/schemas';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { PasswordInput } from '@/web/components/password-input';
import { useRegister } from './use-auth';
import { PendingButton } from '@/web/components/pending-button';

export function RegisterForm({ onDone }: { onDone: () => void }) {
  const { LL } = useI18nContext();
  const register = useRegister();
  const form = useForm<TRegister>({
    resolver: zodResolver(ZRegister),
    defaultValues: { fullName: '', email: '', username: '', password: '', company: '' },
  });
  const field = fieldsOf(form);
  const password = form.watch('password') ?? '';
  const strength = passwordStrength(password);

  const onSubmit = form.handleSubmit(async ({ company, ...values }) => {
    try {
      const user = await register.mutateAsync(company ? { ...values, company } : values);
      toast({ title: LL.auth.registerSuccess(), description: LL.auth.registerWelcome({ name: user.fullName || user.username }), variant: 'success' });
      onDone();
    } catch (e) {
      toast({ title: LL.auth.registerFailed(), description: errorMessage(e), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1" data-testid="register-form">
      <FormField label={LL.auth.fullName()} autoComplete="name" {...field('fullName')} />
      <FormField label={LL.auth.email()} type="email" autoComplete="email" {...field('email')} />
      <FormField label={LL.auth.newUsername()} autoComplete="username" {...field('username')} />
      <PasswordInput
        label={LL.auth.password()}
        autoComplete="new-password"
        {...field('password')}
        hint={
          password.length > 0 && (
            <div className="mt-1 space-y-1 text-xs" data-testid="password-strength" data-strength={strength}>
              <div className="flex items-center gap-2">
                <progress
                  className={`progress h-1.5 w-24 ${strength === 'strong' ? 'progress-success' : 'progress-warning'}`}
                  value={strength === 'strong' ? 100 : 40}
                  max={100}
                />
                <span className={strength === 'strong' ? 'text-success' : 'text-warning'}>
                  {strength === 'strong' ? LL.auth.strengthStrong() : LL.auth.strengthWeak()}
                </span>
              </div>
              <ul className="space-y-0.5 opacity-80">
                <li className="flex items-center gap-1">
                  {password.length >= 8 ? <Check className="size-3 text-success" aria-hidden /> : <X className="size-3 text-warning" aria-hidden />}
                  {LL.auth.hintLength()}
                </li>
                <li className="flex items-center gap-1 opacity-80">• {LL.auth.hintMix()}</li>
              </ul>
            </div>
          )
        }
      />
      <FormField label={LL.auth.company()} autoComplete="organization" {...field('company')} />
      <PendingButton pending={register.isPending} className="btn-primary mt-4 w-full" pendingLabel={LL.auth.registering()}>
        {LL.auth.register()}
      </PendingButton>
    </form>
  );
}
