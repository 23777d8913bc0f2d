import { Inbox } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { channelLabel } from '@/web/lib/platforms';
import { channelLook } from '../channel-icon';
import { Tooltip } from '../tooltip';

/** A platform's icon with its name as the accessible label; `tile` draws it on a tinted square. */
export function SocialIcon({
  platform,
  className = 'size-4',
  tile = false,
  decorative = false,
}: {
  platform: string;
  className?: string;
  tile?: boolean;
  decorative?: boolean;
}) {
  const { LL } = useI18nContext();
  const { Icon, text: color, tint: bg } = channelLook(platform);
  const label = channelLabel(LL, platform);
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': label, title: label };
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ${color} ${tile ? `${bg} rounded-box p-2` : ''}`} data-platform={platform} {...a11y}>
      <Icon className={className} aria-hidden />
    </span>
  );
}

/** The small badge every sandbox-backed screen shows (PRODUCT.md §2): it opens the sandbox's inbox, where what it "sends" arrives. */
export function SandboxBadge({ className = '' }: { className?: string }) {
  const { LL } = useI18nContext();
  return (
    <Tooltip content={`${LL.social.sandboxHint()} ${LL.social.openInbox()}.`}>
      <a
        href="/sandbox/inbox"
        target="_blank"
        rel="noopener"
        className={`badge badge-warning badge-sm no-underline ${className}`}
        data-testid="sandbox-badge"
        onClick={(e) => e.stopPropagation()}
      >
        {LL.social.sandbox()}
      </a>
    </Tooltip>
  );
}

/** The sandbox's inbox, where the messages a sandbox-backed screen "sends" arrive, in a new tab. */
export function SandboxInboxLink() {
  const { LL } = useI18nContext();
  return (
    <a href="/sandbox/inbox" target="_blank" rel="noopener" className="btn btn-ghost btn-sm">
      <Inbox className="size-4" aria-hidden /> {LL.social.openInbox()}
    </a>
  );
}
