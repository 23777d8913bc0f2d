import { Globe, Inbox, Mail, MessageCircle } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { BRAND_GLYPHS, type Glyph } from '../../components/brand-glyphs';
import { platformName } from '@/web/lib/platforms';
import { Tooltip } from '../tooltip';

const { linkedin: Linkedin, twitter: Twitter, instagram: Instagram, google: Google, outlook: Outlook, facebook: Facebook } = BRAND_GLYPHS;

const ICONS: Record<string, { icon: Glyph | typeof Globe; color: string; bg: string }> = {
  linkedin: { icon: Linkedin, color: 'text-[#0A66C2] dark:text-[#5AA2F0]', bg: 'bg-[#0A66C2]/10' },
  twitter: { icon: Twitter, color: 'text-base-content', bg: 'bg-base-content/10' },
  instagram: { icon: Instagram, color: 'text-[#E4405F]', bg: 'bg-[#E4405F]/10' },
  whatsapp: { icon: MessageCircle, color: 'text-[#1DA851] dark:text-[#25D366]', bg: 'bg-[#25D366]/10' },
  google: { icon: Google, color: 'text-[#EA4335]', bg: 'bg-[#EA4335]/10' },
  outlook: { icon: Outlook, color: 'text-[#0F6CBD] dark:text-[#4BA0E8]', bg: 'bg-[#0F6CBD]/10' },
  facebook: { icon: Facebook, color: 'text-[#1877F2]', bg: 'bg-[#1877F2]/10' },
  email: { icon: Mail, color: 'text-base-content/80', bg: 'bg-base-content/10' },
};

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
  const { icon: Icon, color, bg } = ICONS[platform] ?? { icon: Globe, color: 'text-base-content/70', bg: 'bg-base-content/10' };
  const label = platformName(LL, platform);
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
