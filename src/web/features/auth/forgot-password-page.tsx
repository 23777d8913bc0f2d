import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZForgotPassword, type TForgotPassword } from '@/domains/auth/schemas';
import { FormField } from '../../components/form-field';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { AuthCard } from './auth-card';
import { PendingButton } from '@/web/components/pending-button';

export function ForgotPasswordPage() {
  const { LL } = useI18nContext();
  const form = useForm<TForgotPassword>({ resolver: zodResolver(ZForgotPassword), defaultValues: { email: '' } });
  const field = fieldsOf(form);
  const send = useMutation({ mutationFn: (v: TForgotPassword) => api.post('/api/password/forgot', v) });
  const onSubmit = form.handleSubmit((v) =>
    send.mutate(v, { onError: (e) => toast({ title: LL.auth.resetFailed(), description: errorMessage(e), variant: 'destructive' }) }),
  );

  if (send.isSuccess) {
    return (
      <AuthCard title={LL.auth.linkSent()}>
        <p className="text-center" data-testid="reset-link-sent">
          {LL.auth.linkSentBody({ email: send.variables.email })}
        </p>
        {send.data.sandbox && <p className="alert alert-info mt-3 text-sm">{LL.auth.sandboxNote()}</p>}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={LL.auth.forgotTitle()} subtitle={LL.auth.forgotSubtitle()}>
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        <FormField label={LL.auth.email()} type="email" autoComplete="email" {...field('email')} />
        <PendingButton pending={send.isPending} className="btn-primary mt-4 w-full" pendingLabel={LL.auth.sendingLink()}>
          {LL.auth.sendLink()}
        </PendingButton>
      </form>
    </AuthCard>
  );
}
