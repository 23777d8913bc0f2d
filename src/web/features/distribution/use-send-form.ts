import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useProfiles, useRefetchSocial, useRefreshAccounts } from '@/web/lib/social-api';
import { activePlatforms } from '@/web/lib/platforms';
import { useTrpc } from '@/web/lib/trpc';
import { contactListPagesOptions, itemsOf } from '@/web/lib/pages';
import { useErrorToast } from '@/web/lib/use-error-toast';
import { startDistribution } from './api';
import { usePersonalPreview } from './personalisation-panel';
import { useRecipientView, viewProblem } from './recipient-view';
import { distributionRequest, effectiveSelection, emptySelection, sendBlocker, showsSocial, type Selection } from './selection';

export type Started = { distributionId: string; skipped: number };

/**
 * The state of Send To Contact: what it reads (the video, profiles, lists, social contacts), the selection and
 * message, what they add up to (reach, blocker, personalisation problems), and sending.
 */
export function useSendForm(videoId: string | null, onStarted: (s: Started) => void) {
  const { LL } = useI18nContext();
  const T = LL.distribution;
  const f = useFormat();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const refetchSocial = useRefetchSocial();
  const refreshAccounts = useRefreshAccounts();

  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [message, setMessage] = useState('');
  const recipientView = useRecipientView(videoId);
  const { view } = recipientView;
  // Errors of the view show once Send was tried; Send asks for confirmation first (decision 224).
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const video = useQuery({ ...trpc.videos.byId.queryOptions({ id: videoId ?? '' }), enabled: !!videoId });
  const profiles = useProfiles();
  const connected = useMemo(() => activePlatforms(profiles.data), [profiles.data]);
  const sandboxPlatforms = useMemo(
    () => new Set((profiles.data ?? []).filter((p) => p.status === 'active' && p.sandbox).map((p) => p.platform)),
    [profiles.data],
  );
  // The lists come in pages (docs/decisions/180): the panel shows those loaded, listPages loads more.
  const listPages = useInfiniteQuery(contactListPagesOptions(trpc));
  const lists = { ...listPages, data: listPages.data ? itemsOf(listPages.data) : undefined };
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
  // Personalised by default: the server decides from the script; the screen shows what each gets.
  const personal = usePersonalPreview(videoId, effective, message, view);
  const problems = personal.data?.problems.length ?? 0;
  // The estimated reach: distinct recipients per channel, counted by the server as the send will.
  const reach = personal.data?.reach ?? { total: 0, byChannel: {} as Record<string, number> };

  const send = useMutation({
    mutationFn: () => startDistribution(distributionRequest(videoId!, effective, message, view)),
    onSuccess: (r) => {
      setConfirming(false);
      for (const key of [trpc.videos.pathKey(), trpc.dashboard.pathKey(), trpc.campaigns.pathKey(), trpc.distribution.pathKey()])
        void queryClient.invalidateQueries({ queryKey: key });
      toast({ title: T.started(), description: T.startedText(), variant: 'success' });
      onStarted({ distributionId: r.distributionId, skipped: r.skipped.length });
    },
    onError: (e) => {
      setConfirming(false);
      toast({ title: T.failed(), description: errorMessage(e), variant: 'destructive' });
    },
  });

  const onSend = () => {
    if (send.isPending) return;
    if (!videoId) return void toast({ title: T.missingVideo(), description: T.missingVideoText(), variant: 'destructive' });
    if (!effective.platforms.length) return void toast({ title: T.noPlatforms(), description: T.noPlatformsText(), variant: 'destructive' });
    if (blocker || problems) return;
    setTried(true);
    if (viewProblem(view)) return;
    setConfirming(true);
  };
  const onConfirm = () => {
    if (!send.isPending) send.mutate();
  };

  const set = (patch: (s: Selection) => Partial<Selection>) => setSelection((s) => ({ ...s, ...patch(s) }));

  return {
    video,
    profiles,
    connected,
    sandboxPlatforms,
    lists,
    listPages,
    // A disabled query (no account connected) is not loading: it has nothing to say.
    social: { isPending: social.isLoading, isError: social.isError, data: social.data, error: social.error, refetch: social.refetch },
    selection,
    set,
    message,
    setMessage,
    effective,
    blocker,
    reach,
    recipientView,
    viewTried: tried,
    confirming,
    setConfirming,
    onConfirm,
    socialShown: showsSocial(effective.platforms),
    personal,
    problems,
    sending: send.isPending,
    onSend,
  };
}
