import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZResetPassword, type TResetPassword } from '@/domains/auth/schemas';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { PasswordInput } from '@/web/components/password-input';
import { PendingButton } from '@/web/components/pending-button';

export function ResetPasswordPage({ token }: { token?: string }) {
  const { LL } = useI18nContext();
  const navigate = useNavigate();
  const form = useForm<TResetPassword>({ resolver: zodResolver(ZResetPassword), defaultValues: { token: token ?? '', password: '' } });
  const field = fieldsOf(form);
  const reset = useMutation({ mutationFn: (v: TResetPassword) => api.post('/api/password/reset', v) });
  const onSubmit = form.handleSubmit((v) =>
    reset.mutate(v, {
      onSuccess: () => {
        toast({ title: LL.auth.passwordChanged(), description: LL.auth.passwordChangedBody(), variant: 'success' });
        void navigate({ to: '/auth', search: { tab: 'login' } });
      },
      onError: (e) => toast({ title: LL.auth.resetFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  if (!token) {
    return (
      <AuthCard title={LL.auth.resetTitle()}>
        <p className="alert alert-error" role="alert">
          {LL.auth.missingToken()}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={LL.auth.resetTitle()} subtitle={LL.auth.resetSubtitle()}>
      <p className="flex items-start gap-3 rounded-box border border-base-300 bg-base-200 p-3 text-sm text-base-content/80" data-testid="reset-revokes-keys">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{LL.auth.resetRevokesKeys()}</span>
      </p>
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        <PasswordInput label={LL.auth.newPassword()} autoComplete="new-password" {...field('password')} />
        <PendingButton pending={reset.isPending} className="btn-primary mt-4 w-full" pendingLabel={LL.auth.settingPassword()}>
          {LL.auth.setPassword()}
        </PendingButton>
      </form>
    </AuthCard>
  );
}
