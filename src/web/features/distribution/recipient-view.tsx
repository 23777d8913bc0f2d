import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { isCtaLink } from '@/domains/distribution/schemas';
import { FormField } from '@/web/components/form-field';
import { Panel } from '@/web/components/panel';
import { PendingButton } from '@/web/components/pending-button';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';

/** What recipients see besides the video (decision 224): typed in the send step, corrected after. */
export type RecipientView = { subject: string; title: string; ctaLabel: string; ctaUrl: string; senderName: string };
const EMPTY: RecipientView = { subject: '', title: '', ctaLabel: '', ctaUrl: '', senderName: '' };

/** The subject a workspace without its own default starts with, in the screen's language. */
const defaultSubject = (V: { subjectGreeting: () => string; subjectText: () => string }) =>
  `{first_name|${V.subjectGreeting()}}, ${V.subjectText()} {video_title}`;

/** Why the view cannot be sent as it is, or null. */
export function viewProblem(v: RecipientView, withSubject = true): 'noTitle' | 'noSubject' | 'ctaUrl' | null {
  if (!v.title.trim()) return 'noTitle';
  if (withSubject && !v.subject.trim()) return 'noSubject';
  if (v.ctaUrl.trim() && !isCtaLink(v.ctaUrl.trim())) return 'ctaUrl';
  return null;
}

/**
 * The send step's values, starting from the video's own (else its campaign's, else the workspace's
 * defaults); an empty subject starts with the default one in the screen's language.
 */
export function useRecipientView(videoId: string | null) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const settings = useQuery({ ...trpc.distribution.sendSettings.queryOptions({ videoId: videoId ?? '' }), enabled: !!videoId, staleTime: 0 });
  const [view, setView] = useState<RecipientView>(EMPTY);
  const [ready, setReady] = useState(false);
  const start = useEffectEvent((s: NonNullable<typeof settings.data>) => {
    setView({ subject: s.subject || defaultSubject(LL.distribution.view), title: s.title, ctaLabel: s.ctaLabel, ctaUrl: s.ctaUrl, senderName: s.senderName });
    setReady(true);
  });
  // Started from a fresh read (after a send, the cached one is the step's old values).
  const fresh = settings.data && !settings.isFetching ? settings.data : null;
  useEffect(() => {
    if (fresh && !ready) start(fresh);
  }, [fresh, ready]);
  return { view, setView, settings, ready };
}

/** The fields: subject (e-mail), title, call-to-action label and link, sender. */
export function RecipientViewFields({
  view,
  onChange,
  fallback,
  withSubject = true,
  showErrors,
}: {
  view: RecipientView;
  onChange: (v: RecipientView) => void;
  fallback?: { ctaUrl: string; senderName: string };
  withSubject?: boolean;
  showErrors: boolean;
}) {
  const { LL } = useI18nContext();
  const V = LL.distribution.view;
  const problem = showErrors ? viewProblem(view, withSubject) : null;
  const field = (k: keyof RecipientView) => ({
    value: view[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...view, [k]: e.target.value }),
  });
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {withSubject && (
        <FormField
          className="sm:col-span-2"
          label={V.subject()}
          maxLength={200}
          error={problem === 'noSubject' ? V.noSubject() : undefined}
          hint={<p className="label whitespace-normal text-base-content/60">{V.subjectHint({ example: '{first_name}', title: '{video_title}' })}</p>}
          data-testid="view-subject"
          {...field('subject')}
        />
      )}
      <FormField
        className="sm:col-span-2"
        label={V.videoTitle()}
        maxLength={200}
        placeholder={V.titlePlaceholder()}
        error={problem === 'noTitle' ? V.noTitle() : undefined}
        data-testid="view-title"
        {...field('title')}
      />
      <FormField label={V.ctaLabel()} maxLength={60} placeholder={V.ctaLabelPlaceholder()} data-testid="view-cta-label" {...field('ctaLabel')} />
      <FormField
        label={V.ctaUrl()}
        type="url"
        inputMode="url"
        maxLength={2000}
        placeholder={fallback?.ctaUrl || 'https://'}
        error={problem === 'ctaUrl' ? V.ctaUrlInvalid() : undefined}
        data-testid="view-cta-url"
        {...field('ctaUrl')}
      />
      <FormField label={V.senderName()} maxLength={100} placeholder={fallback?.senderName} data-testid="view-sender" {...field('senderName')} />
    </div>
  );
}

/** The send step's panel. */
export function RecipientViewPanel(props: Parameters<typeof RecipientViewFields>[0]) {
  const { LL } = useI18nContext();
  return (
    <Panel title={LL.distribution.view.title()} icon={Eye} titleId="view-title-heading" level={3} dense testId="recipient-view">
      <p className="text-xs text-base-content/60">{LL.distribution.view.hint()}</p>
      <RecipientViewFields {...props} />
    </Panel>
  );
}

/** After sending: the title, call-to-action and sender, saved for the pages already sent too. */
export function LandingAfterSend({ videoId }: { videoId: string }) {
  const { LL } = useI18nContext();
  const V = LL.distribution.view;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { view, setView, settings, ready } = useRecipientView(videoId);
  const [tried, setTried] = useState(false);
  const save = useMutation(
    trpc.distribution.updateLanding.mutationOptions({
      onSuccess: (s) => {
        queryClient.setQueryData(trpc.distribution.sendSettings.queryKey({ videoId }), s);
        toast({ title: V.saved(), description: V.savedText(), variant: 'success' });
      },
      onError: (e) => toast({ title: V.saveFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  if (!ready) return null;
  return (
    <details className="w-full rounded-box border border-base-300 text-left" data-testid="landing-after-send">
      <summary className="cursor-pointer px-3 py-2 font-medium">{V.afterTitle()}</summary>
      <form
        className="border-t border-base-300 p-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (viewProblem(view, false)) return;
          save.mutate({ videoId, title: view.title, ctaLabel: view.ctaLabel, ctaUrl: view.ctaUrl, senderName: view.senderName });
        }}
      >
        <p className="text-xs text-base-content/60">{V.afterHint()}</p>
        <RecipientViewFields view={view} onChange={setView} fallback={settings.data?.fallback} withSubject={false} showErrors={tried} />
        <div className="mt-2 flex justify-end">
          <PendingButton pending={save.isPending} pendingLabel={LL.common.saving()} testId="landing-save">
            {LL.common.save()}
          </PendingButton>
        </div>
      </form>
    </details>
  );
}
