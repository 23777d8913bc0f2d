import { Globe, Link2, Mail, MessageCircle, Music2, Share2 } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { BRAND_GLYPHS, type Glyph } from '../../components/brand-glyphs';
import { platformLabel } from '@/web/lib/campaign-labels';
import { Tooltip } from '../../components/tooltip';

const { facebook: Facebook, instagram: Instagram, youtube: Youtube, linkedin: Linkedin, twitter: Twitter } = BRAND_GLYPHS;

const ICONS: Record<string, { icon: Glyph | typeof Globe; color: string }> = {
  facebook: { icon: Facebook, color: 'text-[#1877F2]' },
  instagram: { icon: Instagram, color: 'text-[#E4405F]' },
  youtube: { icon: Youtube, color: 'text-[#FF0000]' },
  linkedin: { icon: Linkedin, color: 'text-[#0A66C2]' },
  twitter: { icon: Twitter, color: 'text-[#1D9BF0]' },
  whatsapp: { icon: MessageCircle, color: 'text-[#25D366]' },
  tiktok: { icon: Music2, color: 'text-base-content' },
  email: { icon: Mail, color: 'text-base-content/80' },
  direct: { icon: Link2, color: 'text-base-content/80' },
  share: { icon: Share2, color: 'text-base-content/80' },
};

/** A platform's icon with its name as the accessible label (and tooltip). */
export function PlatformIcon({ platform, className = 'size-4', decorative = false }: { platform: string; className?: string; decorative?: boolean }) {
  const { LL } = useI18nContext();
  const { icon: Icon, color } = ICONS[platform] ?? { icon: Globe, color: 'text-base-content/70' };
  const label = platformLabel(LL, platform);
  if (decorative)
    return (
      <span className={`inline-flex ${color}`} aria-hidden>
        <Icon className={className} />
      </span>
    );
  return (
    <Tooltip content={label}>
      <span className={`inline-flex ${color}`} role="img" aria-label={label} data-platform={platform}>
        <Icon className={className} aria-hidden />
      </span>
    </Tooltip>
  );
}

/** A platform's icon and its name side by side, as table cells and lists name a platform. */
export function PlatformName({ platform, className = 'font-medium' }: { platform: string; className?: string }) {
  const { LL } = useI18nContext();
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      <PlatformIcon platform={platform} decorative />
      {platformLabel(LL, platform)}
    </span>
  );
}

export function PlatformIcons({ platforms }: { platforms: string[] }) {
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="platform-icons">
      {platforms.map((p) => (
        <PlatformIcon key={p} platform={p} />
      ))}
    </span>
  );
}
