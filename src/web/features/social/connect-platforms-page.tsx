import { Link } from '@tanstack/react-router';
import { LogIn, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { sameOriginPath } from '@/shared/same-origin-path';
import { errorMessage, isPlanLimit } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useUser } from '../../lib/user';
import { requestAuthUrl, useMessagingProvider } from '@/web/lib/social-api';
import { SandboxBadge } from '@/web/components/social/platform-icon';
import { channelLabel, type ConnectPlatform } from '@/web/lib/platforms';
import { ConnectPlatformList } from '@/web/components/social/connect-platform-list';
import { PublicCard } from '@/web/components/public-card';
import { PublishConnections } from '@/web/components/publishing/connections-section';
import { usePublishReturn } from '@/web/components/publishing/use-publish-return';

/** `connected` / `error`: where the publishing OAuth callback comes back to (docs/decisions/229). */
export type ConnectSearch = { providers?: string; redirect_uri?: string; state?: string; connected?: string; error?: string };

const DEFAULT_BACK = '/social-profiles';

/** Where Cancel goes (and where the flow comes back to): redirect_uri when it is a path of this app, else /social-profiles. */
export function backTarget(redirectUri: string | undefined, origin: string): string {
  return sameOriginPath(redirectUri, origin) ?? DEFAULT_BACK;
}

/**
 * /connect-platforms (public; spec part 1 §2, part 2 §2.4): a button per provider of the
 * `providers` list; choosing one asks for its authorization link and follows it (full page).
 */
export function ConnectPlatformsPage({
  providers,
  redirectUri,
  state,
  connected,
  error,
}: {
  providers: ConnectPlatform[];
  redirectUri?: string;
  state?: string;
  connected?: string;
  error?: string;
}) {
  const { LL } = useI18nContext();
  const C = LL.social.connect;
  const S = LL.social.profiles;
  // A refusal names what refused: the plan's profile limit is not a failure to get a link.
  const refusalTitle = (e: unknown) => (isPlanLimit(e) ? LL.limits.reachedTitle() : S.authUrlFailed());
  const { data: user, isPending: userPending } = useUser();
  const provider = useMessagingProvider();
  const [pending, setPending] = useState<ConnectPlatform | null>(null);
  const back = backTarget(redirectUri, window.location.origin);
  const here = `${window.location.pathname}${window.location.search}`;
  const returning = usePublishReturn(connected, error);

  const choose = async (platform: ConnectPlatform) => {
    if (pending) return;
    setPending(platform);
    try {
      const reply = await requestAuthUrl(platform, back, state);
      if (!reply?.authUrl) {
        toast({ title: S.noAuthUrl(), description: S.initFailed(), variant: 'destructive' });
        setPending(null);
        return;
      }
      window.location.assign(reply.authUrl);
    } catch (e) {
      toast({ title: refusalTitle(e), description: errorMessage(e), variant: 'destructive' });
      setPending(null);
    }
  };

  return (
    <PublicCard testId="connect-platforms" state={state} bodyClassName="gap-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <div className="rounded-full bg-primary/10 p-3 text-primary">
          <Share2 className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">{C.title()}</h1>
        <p className="text-sm text-base-content/70">{C.subtitle()}</p>
        {provider.data?.sandbox && <SandboxBadge />}
      </div>

      {providers.length === 0 && returning ? null : providers.length === 0 ? (
        <p className="alert alert-warning alert-soft" role="alert" data-testid="no-providers">
          {C.noProviders()}
        </p>
      ) : !userPending && !user ? (
        <div className="flex flex-col items-center gap-3 text-center" data-testid="connect-sign-in">
          <p className="text-base-content/80">{C.signInFirst()}</p>
          <Link to="/auth" search={{ tab: 'login', redirect: here }} className="btn btn-primary">
            <LogIn className="size-4" aria-hidden /> {C.signIn()}
          </Link>
        </div>
      ) : (
        <ConnectPlatformList
          platforms={providers}
          pending={pending}
          disabled={userPending}
          onStart={(p) => void choose(p)}
          testId={(p) => `provider-${p}`}
          label={(p) => (pending === p ? C.redirecting() : C.connectWith({ platform: channelLabel(LL, p) }))}
          className="flex flex-col gap-2"
        />
      )}

      {user && (
        <div className="border-t border-base-300 pt-4">
          <PublishConnections compact />
        </div>
      )}

      <a href={back} className="btn btn-ghost" data-testid="connect-cancel">
        {LL.common.cancel()}
      </a>
    </PublicCard>
  );
}
