import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZChangePassword } from '@/domains/auth/schemas';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { PasswordInput } from '@/web/components/password-input';
import { useTrpc } from '@/web/lib/trpc';
import { PendingButton } from '@/web/components/pending-button';

const ZForm = ZChangePassword.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});
type FormValues = z.infer<typeof ZForm>;

/**
 * Current password required; the server ends every other session. Revoking the API keys is
 * offered, off by default: a routine change should not break integrations, a suspected leak should.
 */
export function ChangePasswordForm() {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeApiKeys: false },
  });
  const field = fieldsOf(form);
  const change = useMutation(
    trpc.users.changePassword.mutationOptions({
      onSuccess: ({ revokedApiKeys }) => {
        form.reset();
        if (revokedApiKeys > 0) void queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
        const description = revokedApiKeys > 0 ? LL.profile.keysRevokedText({ count: revokedApiKeys }) : LL.profile.passwordChangedText();
        toast({ title: LL.profile.passwordChanged(), description, variant: 'success' });
      },
      onError: (e) => toast({ title: LL.profile.passwordFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  return (
    <form
      className="card border border-base-300 bg-base-100"
      noValidate
      onSubmit={form.handleSubmit(({ currentPassword, newPassword, revokeApiKeys }) => change.mutate({ currentPassword, newPassword, revokeApiKeys }))}
      data-testid="change-password-form"
    >
      <div className="card-body">
        <h2 className="card-title">
          <KeyRound className="size-5" aria-hidden /> {LL.profile.changePassword()}
        </h2>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <PasswordInput label={LL.profile.currentPassword()} autoComplete="current-password" {...field('currentPassword')} />
          <PasswordInput label={LL.profile.newPassword()} autoComplete="new-password" {...field('newPassword')} />
          <PasswordInput label={LL.profile.confirmPassword()} autoComplete="new-password" {...field('confirmPassword')} />
        </div>
        <label className="flex cursor-pointer items-start gap-3 py-1">
          <input type="checkbox" className="checkbox checkbox-primary checkbox-sm mt-0.5" {...form.register('revokeApiKeys')} data-testid="revoke-api-keys" />
          <span>
            <span className="block text-sm font-medium">{LL.profile.revokeApiKeys()}</span>
            <span className="block text-sm text-base-content/60">{LL.profile.revokeApiKeysHint()}</span>
          </span>
        </label>
        <div className="card-actions justify-end">
          <PendingButton pending={change.isPending}>{LL.profile.changePassword()}</PendingButton>
        </div>
      </div>
    </form>
  );
}
