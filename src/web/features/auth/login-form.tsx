import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZLogin, type TLogin } from '@/domains/auth/schemas';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { PasswordInput } from '@/web/components/password-input';
import { TwoFactorStep } from './two-factor-step';
import { pendingTokenOf, useLogin, welcomeBack } from './use-auth';
import { PendingButton } from '@/web/components/pending-button';

export function LoginForm({ onDone }: { onDone: () => void }) {
  const { LL } = useI18nContext();
  const login = useLogin();
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const form = useForm<TLogin>({ resolver: zodResolver(ZLogin), defaultValues: { username: '', password: '' } });
  const field = fieldsOf(form);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await login.mutateAsync(values);
      welcomeBack(LL, user);
      onDone();
    } catch (e) {
      const pending = pendingTokenOf(e);
      if (pending) return setPendingToken(pending);
      toast({ title: LL.auth.loginFailed(), description: errorMessage(e), variant: 'destructive' });
    }
  });

  if (pendingToken) return <TwoFactorStep pendingToken={pendingToken} onBack={() => setPendingToken(null)} onDone={onDone} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" data-testid="login-form">
      <FormField label={LL.auth.username()} placeholder={LL.auth.usernamePlaceholder()} autoComplete="username" {...field('username')} />
      <PasswordInput label={LL.auth.password()} placeholder={LL.auth.passwordPlaceholder()} autoComplete="current-password" {...field('password')} />
      <div className="text-right">
        <Link to="/forgot-password" className="link link-hover text-sm">
          {LL.auth.forgotPassword()}
        </Link>
      </div>
      <PendingButton pending={login.isPending} className="btn-primary mt-4 w-full" pendingLabel={LL.auth.loggingIn()}>
        {LL.auth.login()}
      </PendingButton>
    </form>
  );
}
