import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useI18nContext } from '@locales/i18n-react';
import { ZChangePassword } from '@/domains/auth/schemas';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { PasswordInput } from '../auth/password-input';

const ZForm = ZChangePassword.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);
type FormValues = z.infer<typeof ZForm>;

/** Current password required; the server ends every other session. */
export function ChangePasswordForm() {
  const { LL } = useI18nContext();
  const { trpc } = useRouteContext({ from: '__root__' });
  const form = useForm<FormValues>({ resolver: zodResolver(ZForm), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const change = useMutation(
    trpc.users.changePassword.mutationOptions({
      onSuccess: () => {
        form.reset();
        toast({ title: LL.profile.passwordChanged(), description: LL.profile.passwordChangedText(), variant: 'success' });
      },
      onError: (e) => toast({ title: LL.profile.passwordFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  return (
    <form
      className="card border border-base-300 bg-base-100"
      noValidate
      onSubmit={form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
      data-testid="change-password-form"
    >
      <div className="card-body">
        <h2 className="card-title">
          <KeyRound className="size-5" aria-hidden /> {LL.profile.changePassword()}
        </h2>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <PasswordInput label={LL.profile.currentPassword()} autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
          <PasswordInput label={LL.profile.newPassword()} autoComplete="new-password" error={errors.newPassword?.message} {...form.register('newPassword')} />
          <PasswordInput label={LL.profile.confirmPassword()} autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        </div>
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending && <span className="loading loading-spinner loading-sm" />}
            {LL.profile.changePassword()}
          </button>
        </div>
      </div>
    </form>
  );
}
