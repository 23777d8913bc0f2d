import { useI18nContext } from '@locales/i18n-react';
import { channelLook } from '../../components/channel-icon';
import { channelLabel } from '@/web/lib/platforms';
import { Tooltip } from '../../components/tooltip';

/** A platform's icon with its name as the accessible label (and tooltip). */
export function PlatformIcon({ platform, className = 'size-4', decorative = false }: { platform: string; className?: string; decorative?: boolean }) {
  const { LL } = useI18nContext();
  const { Icon, text: color } = channelLook(platform);
  const label = channelLabel(LL, platform, 'campaign');
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
      {channelLabel(LL, platform, 'campaign')}
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
