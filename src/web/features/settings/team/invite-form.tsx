import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZInvite, type TInvite } from '@/domains/workspaces/schemas';
import { FormField, LabelledField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { useTranslateMessage } from '@/web/lib/validation';
import { SettingsCard } from '../settings-card';
import { RoleOptions } from './role-options';

/** E-mail and role, validated by the server's own schema; the link goes out by e-mail. */
export function InviteForm({ seatsLeft, onInvited }: { seatsLeft: number; onInvited: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.workspaces.team;
  const trpc = useTrpc();
  const translate = useTranslateMessage();
  const form = useForm<TInvite>({ resolver: zodResolver(ZInvite), defaultValues: { email: '', role: 'member' } });
  const field = fieldsOf(form);
  const invite = useMutation(
    trpc.workspaces.invite.mutationOptions({
      onSuccess: (r) => {
        toast({ title: t.sent(), description: t.sentText({ email: r.email }), variant: 'success' });
        form.reset({ email: '', role: form.getValues('role') });
        onInvited();
      },
      onError: (e) => toast({ title: t.inviteFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
    }),
  );
  const onSubmit = form.handleSubmit((v) => invite.mutate(v));

  return (
    <SettingsCard title={t.inviteTitle()} icon={UserPlus} testId="team-invite">
      {seatsLeft <= 0 && (
        <p className="mb-2 text-sm text-warning" data-testid="team-seats-full">
          {t.seatsFull()}
        </p>
      )}
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
        <FormField
          className="min-w-64 flex-1 py-0"
          label={t.inviteEmail()}
          type="email"
          autoComplete="off"
          placeholder={t.inviteEmailPlaceholder()}
          data-testid="team-invite-email"
          {...field('email')}
        />
        <LabelledField label={t.inviteRole()} className="py-0" error={form.formState.errors.role?.message}>
          {(id) => (
            <select id={id} className="select" data-testid="team-invite-role" {...form.register('role')}>
              <RoleOptions />
            </select>
          )}
        </LabelledField>
        <PendingButton pending={invite.isPending} disabled={seatsLeft <= 0} pendingLabel={t.sending()} testId="team-invite-send" className="btn-primary mb-1">
          {t.send()}
        </PendingButton>
      </form>
    </SettingsCard>
  );
}
