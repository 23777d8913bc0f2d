import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { isCtaLink } from '@/domains/distribution/schemas';
import { FormField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';

type Defaults = { senderName: string; subject: string; ctaLabel: string; ctaUrl: string };
const EMPTY: Defaults = { senderName: '', subject: '', ctaLabel: '', ctaUrl: '' };

/** Settings → General → Sending defaults: what the send step starts from (decision 224). */
export function SendDefaults() {
  const { LL } = useI18nContext();
  const S = LL.settings.sending;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const defaults = useQuery(trpc.distribution.defaults.queryOptions());
  const [v, setV] = useState<Defaults>(EMPTY);
  const [tried, setTried] = useState(false);
  const load = useEffectEvent((d: NonNullable<typeof defaults.data>) =>
    setV({ senderName: d.senderName ?? '', subject: d.subject ?? '', ctaLabel: d.ctaLabel ?? '', ctaUrl: d.ctaUrl ?? '' }),
  );
  useEffect(() => {
    if (defaults.data) load(defaults.data);
  }, [defaults.data]);
  const save = useMutation(
    trpc.distribution.saveDefaults.mutationOptions({
      onSuccess: (d) => {
        queryClient.setQueryData(trpc.distribution.defaults.queryKey(), d);
        toast({ title: S.saved(), variant: 'success' });
      },
      onError: (e) => toast({ title: S.saveFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const badUrl = tried && !!v.ctaUrl.trim() && !isCtaLink(v.ctaUrl.trim());
  const field = (k: keyof Defaults) => ({ value: v[k], onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.target.value }) });
  return (
    <section data-testid="send-defaults">
      <h2 className="text-lg font-semibold">{S.title()}</h2>
      <p className="mb-3 text-sm text-base-content/60">{S.hint()}</p>
      <form
        className="grid max-w-2xl gap-x-4 sm:grid-cols-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (v.ctaUrl.trim() && !isCtaLink(v.ctaUrl.trim())) return;
          save.mutate(v);
        }}
      >
        <FormField label={S.senderName()} maxLength={100} data-testid="defaults-sender" {...field('senderName')} />
        <FormField label={S.ctaLabel()} maxLength={60} data-testid="defaults-cta-label" {...field('ctaLabel')} />
        <FormField
          className="sm:col-span-2"
          label={S.subject()}
          maxLength={200}
          hint={<p className="label whitespace-normal text-base-content/60">{S.subjectHint({ example: '{first_name}', title: '{video_title}' })}</p>}
          data-testid="defaults-subject"
          {...field('subject')}
        />
        <FormField
          className="sm:col-span-2"
          label={S.ctaUrl()}
          type="url"
          inputMode="url"
          maxLength={2000}
          placeholder="https://"
          error={badUrl ? S.ctaUrlInvalid() : undefined}
          data-testid="defaults-cta-url"
          {...field('ctaUrl')}
        />
        <div className="mt-2 sm:col-span-2">
          <PendingButton pending={save.isPending} pendingLabel={LL.common.saving()} disabled={!defaults.data} testId="defaults-save">
            {LL.common.save()}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
