import { Check, ExternalLink, KeyRound, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { Modal } from '@/web/components/modal';
import type { SocialProfile } from '@/web/lib/social-api';
import { FilterTabs } from '../filter-tabs';
import { DirectTab } from './direct-login';
import { ConnectPlatformList, ConnectWaiting } from './connect-platform-list';
import { CONNECT_PLATFORMS } from '@/web/lib/platforms';
import { useConnectFlow } from './use-connect-flow';

const CONNECT_TABS = ['oauth', 'direct'] as const;

/** The /connect-platforms link of the OAuth tab: every provider, and back to this page. */
export function connectPlatformsHref(currentUrl: string): string {
  return `/connect-platforms?providers=${CONNECT_PLATFORMS.join(',')}&redirect_uri=${encodeURIComponent(currentUrl)}`;
}

/**
 * Connect Social Account (spec part 2 §2.1, §4): an OAuth tab (authorization link in a 600x600
 * popup) and a Direct Login tab with LinkedIn and WhatsApp sub-tabs.
 */
export function ConnectSocialDialog({ open, onClose, profiles }: { open: boolean; onClose: () => void; profiles: readonly SocialProfile[] }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  return (
    <Modal open={open} title={D.title()} subtitle={D.subtitle()} onClose={onClose} testId="connect-dialog">
      <ConnectTabs onClose={onClose} profiles={profiles} />
    </Modal>
  );
}

function ConnectTabs({ onClose, profiles }: { onClose: () => void; profiles: readonly SocialProfile[] }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const [tab, setTab] = useState<'oauth' | 'direct'>('oauth');
  return (
    <div>
      <FilterTabs
        options={CONNECT_TABS}
        value={tab}
        onChange={setTab}
        label={(t) =>
          t === 'oauth' ? (
            <>
              <Link2 className="size-4" aria-hidden /> {D.oauthTab()}
            </>
          ) : (
            <>
              <KeyRound className="size-4" aria-hidden /> {D.directTab()}
            </>
          )
        }
        testId={(t) => `connect-tab-${t}`}
        className="mb-4 grid grid-cols-2"
        tabClassName="gap-1.5"
      />
      <div role="tabpanel">{tab === 'oauth' ? <OAuthTab onClose={onClose} profiles={profiles} /> : <DirectTab />}</div>
    </div>
  );
}

function OAuthTab({ onClose, profiles }: { onClose: () => void; profiles: readonly SocialProfile[] }) {
  const { LL } = useI18nContext();
  const D = LL.social.dialog;
  const connected = new Set(profiles.filter((p) => p.status === 'active').map((p) => p.platform));
  const flow = useConnectFlow({
    size: { width: 600, height: 600 },
    onClosed: onClose,
    connectedToast: (name) => ({ title: D.completed(), description: D.completedText({ name }) }),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-base-content/70">{D.oauthText()}</p>
      <ConnectPlatformList
        platforms={CONNECT_PLATFORMS}
        pending={flow.pending}
        onStart={(p) => void flow.start(p)}
        testId={(p) => `oauth-${p}`}
        trailing={(p) => connected.has(p) && <Check className="size-4 text-success" aria-label={LL.social.status.active()} />}
      />
      <ConnectWaiting link={flow.link} testId="oauth-waiting" />
      <a
        href={connectPlatformsHref(window.location.href)}
        className="link link-primary inline-flex items-center gap-1 text-sm"
        data-testid="connect-platforms-link"
      >
        {D.morePlatforms()} <ExternalLink className="size-3" aria-hidden />
      </a>
    </div>
  );
}
