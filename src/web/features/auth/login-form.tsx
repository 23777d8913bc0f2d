import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { ZLogin, type TLogin } from '@/domains/auth/schemas';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { PasswordInput } from '@/web/components/password-input';
import { useLogin } from './use-auth';

export function LoginForm({ onDone }: { onDone: () => void }) {
  const { LL } = useI18nContext();
  const login = useLogin();
  const form = useForm<TLogin>({ resolver: zodResolver(ZLogin), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await login.mutateAsync(values);
      toast({ title: LL.auth.loginSuccess(), description: LL.auth.loginWelcome({ name: user.fullName || user.username }), variant: 'success' });
      onDone();
    } catch (e) {
      toast({ title: LL.auth.loginFailed(), description: errorMessage(e), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" data-testid="login-form">
      <FormField
        label={LL.auth.username()}
        placeholder={LL.auth.usernamePlaceholder()}
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <PasswordInput
        label={LL.auth.password()}
        placeholder={LL.auth.passwordPlaceholder()}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="text-right">
        <Link to="/forgot-password" className="link link-hover text-sm">
          {LL.auth.forgotPassword()}
        </Link>
      </div>
      <button type="submit" className="btn btn-primary mt-4 w-full" disabled={login.isPending}>
        {login.isPending && <span className="loading loading-spinner loading-sm" />}
        {login.isPending ? LL.auth.loggingIn() : LL.auth.login()}
      </button>
    </form>
  );
}
