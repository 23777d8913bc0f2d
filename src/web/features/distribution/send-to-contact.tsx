import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, MessageSquareText, Send, Share2, Sparkles, Target } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useProfiles, useRefetchSocial, useRefreshAccounts } from '@/web/lib/social-api';
import { ConnectSocialDialog } from '@/web/components/social/connect-social-dialog';
import { activePlatforms, type Channel } from '@/web/lib/platforms';
import { startDistribution } from './api';
import { ChannelsPanel } from './channels-panel';
import { ContactsPanel } from './contacts-panel';
import { CsvImportDialog } from './csv-import-dialog';
import { DistributionProgress } from './distribution-progress';
import { PersonalisationPanel, usePersonalPreview } from './personalisation-panel';
import {
  distributionRequest,
  effectiveSelection,
  emptySelection,
  estimatedReach,
  isSelectable,
  sendBlocker,
  showsSocial,
  toggle,
  type Selection,
} from './selection';
import { SocialContactsPanel } from './social-contacts-panel';
import { useTrpc } from '@/web/lib/trpc';
import { LoadMore } from '@/web/components/load-more';
import { contactListPagesOptions, itemsOf } from '@/web/lib/pages';
import { useErrorToast } from '@/web/lib/use-error-toast';

type Started = { distributionId: string; skipped: number };
const STARTED_KEY = (videoId: string) => `distribution:started:${videoId}`;

function readStarted(videoId: string | null): Started | null {
  if (!videoId) return null;
  try {
    const raw = sessionStorage.getItem(STARTED_KEY(videoId));
    return raw ? (JSON.parse(raw) as Started) : null;
  } catch {
    return null;
  }
}

/**
 * Send To Contact (spec part 2 §2.1, the wizard's step 7): import options, contacts, social
 * contacts, channels, message and summary; Send Video starts the distribution, then the final
 * screen follows its real progress.
 */
export function SendToContact({ videoId, onFinished, onCampaigns }: { videoId: string | null; onFinished: () => void; onCampaigns: () => void }) {
  const [started, setStarted] = useState<Started | null>(() => readStarted(videoId));
  const finish = (then: () => void) => {
    if (videoId) sessionStorage.removeItem(STARTED_KEY(videoId));
    then();
  };
  if (started)
    return (
      <DistributionProgress
        distributionId={started.distributionId}
        skipped={started.skipped}
        onContinue={() => finish(onFinished)}
        onCampaigns={() => finish(onCampaigns)}
      />
    );
  return (
    <SendForm
      videoId={videoId}
      onStarted={(s) => {
        if (videoId) sessionStorage.setItem(STARTED_KEY(videoId), JSON.stringify(s));
        setStarted(s);
      }}
    />
  );
}

function SendForm({ videoId, onStarted }: { videoId: string | null; onStarted: (s: Started) => void }) {
  const { LL, locale } = useI18nContext();
  const T = LL.distribution;
  const f = useFormat();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const refetchSocial = useRefetchSocial();
  const refreshAccounts = useRefreshAccounts();
  const messageId = useId();

  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [message, setMessage] = useState('');
  const [csvOpen, setCsvOpen] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);

  const video = useQuery({ ...trpc.videos.byId.queryOptions({ id: videoId ?? '' }), enabled: !!videoId });
  const profiles = useProfiles();
  const connected = useMemo(() => activePlatforms(profiles.data), [profiles.data]);
  const sandboxPlatforms = useMemo(
    () => new Set((profiles.data ?? []).filter((p) => p.status === 'active' && p.sandbox).map((p) => p.platform)),
    [profiles.data],
  );
  const lists = useInfiniteQuery(contactListPagesOptions(trpc));
  const social = useQuery({ ...trpc.social.contacts.queryOptions(), enabled: connected.size > 0 });

  // On opening, the step refreshes the connected accounts (then the profiles and social contacts).
  const refreshOnOpen = useEffectEvent((isLive: () => boolean) => {
    refreshAccounts.mutateAsync().then(
      () => void (isLive() && refetchSocial()),
      (e: unknown) => void (isLive() && toast({ title: T.accountsRefreshFailed(), description: errorMessage(e), variant: 'destructive' })),
    );
  });
  useEffect(() => {
    let live = true;
    refreshOnOpen(() => live);
    return () => {
      live = false;
    };
  }, []);

  useErrorToast(social.isError ? social.error : null, () => T.socialContacts.fetchFailed());

  // The default greeting: a name placeholder, the video title and today's date, set once if empty.
  const greeted = useRef(false);
  const title = video.data?.title;
  const greet = useEffectEvent((videoTitle: string) =>
    setMessage((m) => (m.trim() ? m : T.message.greeting({ name: '{first_name}', title: videoTitle, date: f.date(new Date()) }))),
  );
  useEffect(() => {
    if (greeted.current || !title) return;
    greeted.current = true;
    greet(title);
  }, [title]);

  const platformOf = useMemo(() => {
    const m = new Map((social.data ?? []).map((c) => [c.id, c.platform]));
    return (id: string) => m.get(id);
  }, [social.data]);
  const effective = effectiveSelection(selection, connected, platformOf);
  const blocker = sendBlocker(videoId, effective);
  const reach = estimatedReach(effective);
  const socialShown = showsSocial(effective.platforms);
  // Personalised by default: the server decides from the script; the screen shows what each gets.
  const personal = usePersonalPreview(videoId, effective, message);
  const problems = personal.data?.problems.length ?? 0;

  const inspire = useMutation(
    trpc.scripts.inspireMessage.mutationOptions({
      onSuccess: (r) => setMessage(r.message),
      onError: () => toast({ title: T.message.inspireError(), description: T.message.inspireErrorText(), variant: 'destructive' }),
    }),
  );

  const send = useMutation({
    mutationFn: () => startDistribution(distributionRequest(videoId!, effective, message)),
    onSuccess: (r) => {
      for (const key of [trpc.videos.pathKey(), trpc.dashboard.pathKey(), trpc.campaigns.pathKey(), trpc.distribution.pathKey()])
        void queryClient.invalidateQueries({ queryKey: key });
      toast({ title: T.started(), description: T.startedText(), variant: 'success' });
      onStarted({ distributionId: r.distributionId, skipped: r.skipped.length });
    },
    onError: (e) => toast({ title: T.failed(), description: errorMessage(e), variant: 'destructive' }),
  });

  const onSend = () => {
    if (send.isPending) return;
    if (!videoId) return void toast({ title: T.missingVideo(), description: T.missingVideoText(), variant: 'destructive' });
    if (!effective.platforms.length) return void toast({ title: T.noPlatforms(), description: T.noPlatformsText(), variant: 'destructive' });
    if (blocker || problems) return;
    send.mutate();
  };

  const set = (patch: (s: Selection) => Partial<Selection>) => setSelection((s) => ({ ...s, ...patch(s) }));

  if (!videoId)
    return (
      <div role="alert" className="alert alert-error alert-soft" data-testid="no-video">
        {T.noVideo()}
      </div>
    );

  return (
    <div className="space-y-5" data-testid="send-to-contact">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">{T.title()}</h2>
          <p className="text-base-content/70">
            {video.data ? T.subtitle({ title: video.data.title }) : video.isError ? errorMessage(video.error) : LL.common.loading()}
          </p>
        </div>
      </header>

      <section className="rounded-box border border-base-300 bg-base-200/50 p-4" aria-labelledby="import-options" data-testid="import-options">
        <h3 id="import-options" className="mb-3 font-semibold">
          {T.import.title()}
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <button
            type="button"
            className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-left hover:border-primary"
            onClick={() => setCsvOpen(true)}
            data-testid="open-csv"
          >
            <FileUp className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
            <span>
              <span className="block font-medium">{T.import.csv()}</span>
              <span className="block text-sm text-base-content/70">{T.import.csvText()}</span>
            </span>
          </button>
          <button
            type="button"
            className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-left hover:border-primary"
            onClick={() => setConnectOpen(true)}
            data-testid="open-connector"
          >
            <Share2 className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
            <span>
              <span className="block font-medium">{T.import.social()}</span>
              <span className="block text-sm text-base-content/70">{T.import.socialText()}</span>
            </span>
          </button>
        </div>
      </section>

      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-5">
          <ContactsPanel
            lists={lists.data ? itemsOf(lists.data) : undefined}
            listsMore={
              <li>
                <LoadMore
                  hasMore={lists.hasNextPage}
                  loading={lists.isFetchingNextPage}
                  onLoadMore={() => void lists.fetchNextPage()}
                  testId="contact-lists-more"
                />
              </li>
            }
            listsError={lists.isError ? lists.error : null}
            listIds={selection.listIds}
            contactIds={selection.contactIds}
            onToggleList={(id) => set((s) => ({ listIds: toggle(s.listIds, id) }))}
            onToggleContact={(id) => set((s) => ({ contactIds: toggle(s.contactIds, id) }))}
            onRetry={() => void lists.refetch()}
          />
          {socialShown && (
            <SocialContactsPanel
              contacts={social.data}
              loading={social.isLoading}
              failed={social.isError}
              platforms={effective.platforms}
              selected={selection.socialContactIds}
              onToggle={(id) => set((s) => ({ socialContactIds: toggle(s.socialContactIds, id) }))}
              onRetry={() => void social.refetch()}
            />
          )}
        </div>
        <div className="space-y-5">
          <ChannelsPanel
            connected={connected}
            sandbox={sandboxPlatforms}
            selected={effective.platforms}
            onToggle={(c: Channel) => isSelectable(c, connected) && set((s) => ({ platforms: toggle(s.platforms, c) }))}
            onConnect={() => setConnectOpen(true)}
          />

          <section className="card border border-base-300 bg-base-100" aria-labelledby="message-title" data-testid="message-box">
            <div className="card-body gap-2 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id="message-title" className="card-title text-base">
                  <MessageSquareText className="size-5 text-primary" aria-hidden />
                  <label htmlFor={messageId}>{T.message.title()}</label>
                </h3>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-secondary"
                  disabled={inspire.isPending}
                  onClick={() =>
                    inspire.mutate({
                      videoTitle: video.data?.title || T.message.defaultTitle(),
                      platform: effective.platforms[0] ?? 'linkedin',
                      language: locale,
                    })
                  }
                  data-testid="inspire-me"
                >
                  {inspire.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden /> : <Sparkles className="size-4" aria-hidden />}
                  {inspire.isPending ? T.message.inspiring() : T.message.inspire()}
                </button>
              </div>
              <textarea
                id={messageId}
                className="textarea h-36 w-full"
                value={message}
                maxLength={5000}
                onChange={(e) => setMessage(e.target.value)}
                placeholder={T.message.placeholder()}
                data-testid="message"
              />
              <p className="text-xs text-base-content/60">{T.message.variablesHint({ example: '{first_name}' })}</p>
              <PersonalisationPanel preview={personal.data} loading={personal.isLoading} />
            </div>
          </section>

          <section className="card border border-primary/30 bg-base-100" aria-labelledby="summary-title" data-testid="summary">
            <div className="card-body gap-3 p-4">
              <h3 id="summary-title" className="card-title text-base">
                <Target className="size-5 text-primary" aria-hidden /> {T.summary.title()}
              </h3>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-base-content/70">{T.summary.contacts()}</dt>
                <dd className="text-right font-medium" data-testid="summary-contacts">
                  {f.number(effective.contactIds.length)}
                </dd>
                <dt className="text-base-content/70">{T.summary.lists()}</dt>
                <dd className="text-right font-medium" data-testid="summary-lists">
                  {f.number(effective.listIds.length)}
                </dd>
                <dt className="text-base-content/70">{T.summary.social()}</dt>
                <dd className="text-right font-medium" data-testid="summary-social">
                  {f.number(effective.socialContactIds.length)}
                </dd>
                <dt className="text-base-content/70">{T.summary.platforms()}</dt>
                <dd className="text-right font-medium" data-testid="summary-platforms">
                  {f.number(effective.platforms.length)}
                </dd>
                <dt className="border-t border-base-300 pt-1 font-semibold">{T.summary.reach()}</dt>
                <dd className="border-t border-base-300 pt-1 text-right text-lg font-bold text-primary" data-testid="summary-reach">
                  {f.number(reach)}
                </dd>
              </dl>
              {blocker && blocker !== 'missingVideo' && (
                <p className="text-sm text-base-content/70" role="status" data-testid="send-hint">
                  {blocker === 'noPlatforms' ? T.hintPlatforms() : T.hintRecipients()}
                </p>
              )}
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={!!blocker || problems > 0 || send.isPending}
                onClick={onSend}
                data-testid="send-video"
              >
                {send.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden /> : <Send className="size-4" aria-hidden />}
                {send.isPending ? T.sending() : T.send()}
              </button>
            </div>
          </section>
        </div>
      </div>

      <CsvImportDialog
        open={csvOpen}
        onClose={() => setCsvOpen(false)}
        onImported={(id) => set((s) => ({ listIds: s.listIds.includes(id) ? s.listIds : [id, ...s.listIds] }))}
      />
      <ConnectSocialDialog open={connectOpen} onClose={() => setConnectOpen(false)} profiles={profiles.data ?? []} />
    </div>
  );
}
