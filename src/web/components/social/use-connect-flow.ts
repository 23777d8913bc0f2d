import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { sameOriginPath } from '@/shared/same-origin-path';
import { errorMessage, isPlanLimit } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { requestAuthUrl, useRefetchSocial, type SocialProfile } from '@/web/lib/social-api';
import { newlyActive, profileNames, type ConnectPlatform } from '@/web/lib/platforms';
import { PROFILE_REFETCH_MS, useAuthPopup } from './use-auth-popup';
import { useTrpc } from '@/web/lib/trpc';

type Options = {
  /** 600x700 on Social Profiles, 600x600 in the send step (spec part 2 §7). */
  size: { width: number; height: number };
  /** Social Profiles also refetches the profiles 5 s after the popup opens. */
  refetchAfterOpen?: boolean;
  /** After the popup closed and the profiles and contacts were read again (before the toast). */
  onClosed: () => void;
  /** The success toast's words, given who was connected ("Jane (LinkedIn), …"). */
  connectedToast: (names: string) => { title: string; description: string };
};

/**
 * The OAuth path of a connection: ask for the platform's authorization link, open it in a popup,
 * poll the popup's closure every second, then read the profiles and social contacts again.
 * A blocked popup falls back to a full-page visit that comes back to this page.
 */
export function useConnectFlow({ size, refetchAfterOpen, onClosed, connectedToast }: Options) {
  const { LL } = useI18nContext();
  const S = LL.social.profiles;
  // A refusal names what refused: the plan's profile limit is not a failure to get a link.
  const refusalTitle = (e: unknown) => (isPlanLimit(e) ? LL.limits.reachedTitle() : S.authUrlFailed());
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const refetchSocial = useRefetchSocial();
  const [pending, setPending] = useState<ConnectPlatform | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const before = useRef<SocialProfile[]>([]);
  // The window closed: who is newly connected, or that nothing was.
  const closed = (fresh: SocialProfile[]) => {
    onClosed();
    if (fresh.length) toast({ ...connectedToast(profileNames(LL, fresh)), variant: 'success' });
    else toast({ title: S.windowClosed(), description: S.windowClosedText() });
  };
  const closedRef = useRef(closed);
  closedRef.current = closed;

  const popup = useAuthPopup({
    ...size,
    onClosed: () => {
      setLink(null);
      void refetchSocial().then((after) => closedRef.current(newlyActive(before.current, after)));
    },
    afterOpen: refetchAfterOpen
      ? { ms: PROFILE_REFETCH_MS, run: () => void queryClient.refetchQueries({ queryKey: trpc.social.profiles.queryKey() }) }
      : undefined,
  });

  const start = async (platform: ConnectPlatform) => {
    if (pending) return;
    setPending(platform);
    try {
      // Back to this page: the same check the server makes (a path of this app, or nothing).
      const back = sameOriginPath(`${window.location.pathname}${window.location.search}`, window.location.origin) ?? undefined;
      const reply = await requestAuthUrl(platform, back);
      if (!reply?.authUrl) {
        toast({ title: S.noAuthUrl(), description: S.initFailed(), variant: 'destructive' });
        return;
      }
      before.current = queryClient.getQueryData(trpc.social.profiles.queryKey()) ?? [];
      setLink(reply.authUrl);
      if (!popup.open(reply.authUrl)) window.location.assign(reply.authUrl);
    } catch (e) {
      toast({ title: refusalTitle(e), description: errorMessage(e), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  return { start, pending, link, waiting: popup.isOpen };
}
