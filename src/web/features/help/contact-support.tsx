import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { SUPPORT_MESSAGES, ZSupportRequest, type TSupportRequest } from '@/domains/support/schemas';
import { FormField, LabelledField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { errorMessage } from '@/web/lib/rest';
import { useTrpc } from '@/web/lib/trpc';
import { useUser } from '@/web/lib/user';

type Sent = { reference: string; replyTo: string };

/** The Help page's "Contact support": stored, then e-mailed to support with Reply-To the user. */
export function ContactSupport() {
  const { LL } = useI18nContext();
  const t = LL.help.contact;
  const trpc = useTrpc();
  const email = useUser().data?.email ?? '';
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useForm<TSupportRequest>({ resolver: zodResolver(ZSupportRequest), defaultValues: { subject: '', message: '' } });
  // The schema's fixed English messages, in the user's language.
  const known: Record<string, () => string> = {
    [SUPPORT_MESSAGES.subjectRequired]: t.subjectRequired,
    [SUPPORT_MESSAGES.subjectMax]: t.subjectMax,
    [SUPPORT_MESSAGES.messageMin]: t.messageMin,
    [SUPPORT_MESSAGES.messageMax]: t.messageMax,
    [SUPPORT_MESSAGES.tooMany]: t.tooMany,
  };
  const say = (m: string | undefined) => (m && Object.hasOwn(known, m) ? known[m]!() : m);
  const create = useMutation(
    trpc.support.create.mutationOptions({
      onSuccess: (r) => {
        setSent({ reference: r.reference, replyTo: r.replyTo });
        form.reset();
      },
    }),
  );
  const onSubmit = form.handleSubmit((v) => create.mutate(v));
  const errors = form.formState.errors;

  return (
    <section className="card mt-10 border border-base-300 bg-base-100" aria-labelledby="contact-title" data-testid="contact-support">
      <div className="card-body">
        <h2 id="contact-title" className="card-title">
          <Mail className="size-5 text-primary" aria-hidden /> {t.title()}
        </h2>
        {sent ? (
          <div role="status" className="space-y-3" data-testid="contact-sent">
            <p className="flex items-start gap-2 font-medium text-success">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden /> {t.sentTitle()}
            </p>
            <p className="break-words text-sm">{t.sentText({ reference: sent.reference, email: sent.replyTo })}</p>
            <p className="font-mono text-lg" data-testid="contact-reference">
              {sent.reference}
            </p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setSent(null)} data-testid="contact-another">
              {t.another()}
            </button>
          </div>
        ) : (
          <form className="space-y-1" onSubmit={onSubmit} noValidate>
            {email && <p className="break-words text-sm text-base-content/70">{t.intro({ email })}</p>}
            <FormField
              label={t.subject()}
              placeholder={t.subjectPlaceholder()}
              maxLength={200}
              data-testid="contact-subject"
              {...form.register('subject')}
              error={say(errors.subject?.message)}
            />
            <LabelledField label={t.message()} error={say(errors.message?.message)}>
              {(id) => (
                <textarea
                  id={id}
                  rows={5}
                  className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
                  placeholder={t.messagePlaceholder()}
                  aria-invalid={errors.message ? true : undefined}
                  data-testid="contact-message"
                  {...form.register('message')}
                />
              )}
            </LabelledField>
            {create.isError && (
              <p className="text-sm text-error" role="alert" data-testid="contact-error">
                {t.failed()}: {say(errorMessage(create.error))}
              </p>
            )}
            <PendingButton
              pending={create.isPending}
              pendingLabel={t.sending()}
              icon={<Send className="size-4" aria-hidden />}
              testId="contact-send"
              className="btn-primary mt-2"
            >
              {t.send()}
            </PendingButton>
          </form>
        )}
      </div>
    </section>
  );
}
