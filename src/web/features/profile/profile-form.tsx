import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZUpdateProfile, type TUpdateProfile } from '@/domains/users/schemas';
import { FormField } from '../../components/form-field';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { setUser, type User } from '../../lib/user';
import { PendingButton } from '@/web/components/pending-button';
import { PasswordInput } from '@/web/components/password-input';
import { useTranslateMessage } from '../../lib/validation';

type FormInput = z.input<typeof ZUpdateProfile>;

/** The editable rows, in screen order (the username above them is read-only). */
const FIELDS: { name: 'fullName' | 'email' | 'companyName' | 'position' | 'phoneNumber'; type?: string; autoComplete: string }[] = [
  { name: 'fullName', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'position', autoComplete: 'organization-title' },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel' },
];

const valuesOf = (u: User): FormInput => ({
  fullName: u.fullName,
  email: u.email,
  companyName: u.companyName ?? '',
  position: u.position ?? '',
  phoneNumber: u.phoneNumber ?? '',
});

/** Read-only until Edit; Save sends PATCH /api/users/{id}, Cancel restores the saved values. */
export function ProfileForm({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const queryClient = useQueryClient();
  const translate = useTranslateMessage();
  const [editing, setEditing] = useState(false);
  /** The new address waiting for its link (docs/decisions/205): the account keeps the old one until then. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, TUpdateProfile>({
    resolver: zodResolver(ZUpdateProfile),
    values: valuesOf(user),
    resetOptions: { keepDirtyValues: false },
  });
  const field = fieldsOf(form);
  const save = useMutation({
    mutationFn: (input: TUpdateProfile) => api.patch('/api/users/:id', input, { params: { id: user.id } }),
    onSuccess: ({ pendingEmail: pending, ...updated }) => {
      setUser(queryClient, updated);
      setPendingEmail(pending);
      setEditing(false);
      toast({ title: LL.profile.updated(), description: LL.profile.updatedText(), variant: 'success' });
    },
    onError: (e) => toast({ title: LL.profile.updateFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
  });
  const resend = useMutation({
    mutationFn: () => api.post('/api/email/verification'),
    onSuccess: () => toast({ title: LL.profile.linkSent(), variant: 'success' }),
    onError: (e) => toast({ title: LL.profile.updateFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
  });
  // A new address needs the current password: the field shows as soon as the address differs.
  const typedEmail = form.watch('email') ?? '';
  const changingEmail = editing && typedEmail.trim().toLowerCase() !== user.email.toLowerCase();

  const cancel = () => {
    form.reset(valuesOf(user));
    form.setValue('currentPassword', undefined);
    setEditing(false);
  };
  const readOnly = !editing;

  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate data-testid="profile-form">
      <div className="card-body">
        <div className="flex items-center justify-between gap-2">
          <h2 className="card-title">{LL.profile.info()}</h2>
          {!editing && (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden /> {LL.common.edit()}
            </button>
          )}
        </div>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField label={LL.profile.username()} value={user.username} readOnly />
          {FIELDS.map(({ name, type, autoComplete }) => (
            <FormField key={name} label={LL.profile[name]()} type={type} readOnly={readOnly} autoComplete={autoComplete} {...field(name)} />
          ))}
          {changingEmail && (
            <PasswordInput
              label={LL.profile.currentPassword()}
              autoComplete="current-password"
              hint={LL.profile.emailChangeHint()}
              data-testid="profile-current-password"
              {...field('currentPassword')}
            />
          )}
        </div>
        {pendingEmail ? (
          <p className="text-sm text-info" data-testid="profile-email-pending">
            {LL.profile.emailPending({ email: pendingEmail, current: user.email })}
          </p>
        ) : (
          !user.emailVerified && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-warning" data-testid="profile-email-unconfirmed">
              {LL.profile.emailUnconfirmed()}
              <button type="button" className="btn btn-ghost btn-xs" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {LL.profile.resendLink()}
              </button>
            </p>
          )
        )}
        {editing && (
          <div className="card-actions mt-2 justify-end">
            <button type="button" className="btn btn-ghost" onClick={cancel} disabled={save.isPending}>
              {LL.common.cancel()}
            </button>
            <PendingButton pending={save.isPending} pendingLabel={LL.common.saving()}>
              {LL.common.save()}
            </PendingButton>
          </div>
        )}
      </div>
    </form>
  );
}
