import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { channelLabel } from '@/web/lib/platforms';
import { SocialIcon } from './platform-icon';

/** One button per platform to connect: its icon (a spinner while that one is starting) and its name. */
export function ConnectPlatformList<P extends string>({
  platforms,
  pending,
  disabled = false,
  onStart,
  testId,
  label,
  trailing,
  className = 'grid gap-2 sm:grid-cols-2',
}: {
  platforms: readonly P[];
  /** The platform being started, if any: every button waits for it. */
  pending: P | null;
  disabled?: boolean;
  onStart: (platform: P) => void;
  testId: (platform: P) => string;
  /** The button's text (the platform's name by default). */
  label?: (platform: P) => ReactNode;
  /** After the name (e.g. a check when already connected). */
  trailing?: (platform: P) => ReactNode;
  className?: string;
}) {
  const { LL } = useI18nContext();
  return (
    <ul className={className}>
      {platforms.map((p) => (
        <li key={p}>
          <button
            type="button"
            className="btn btn-outline h-auto w-full justify-start gap-3 py-2"
            disabled={!!pending || disabled}
            onClick={() => onStart(p)}
            data-testid={testId(p)}
          >
            {pending === p ? <span className="loading loading-spinner loading-sm" aria-hidden /> : <SocialIcon platform={p} className="size-5" decorative />}
            <span className="flex-1 text-left">{label ? label(p) : channelLabel(LL, p)}</span>
            {trailing?.(p)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** While the provider's window is open: say so, and offer to open it again (it may be behind this one). */
export function ConnectWaiting({ link, testId, className = '' }: { link: string | null; testId: string; className?: string }) {
  const { LL } = useI18nContext();
  const S = LL.social.profiles;
  if (!link) return null;
  return (
    <p className={`flex flex-wrap items-center gap-2 text-sm text-base-content/70 ${className}`} role="status" data-testid={testId}>
      <span className="loading loading-dots loading-xs" aria-hidden />
      {S.waiting()}
      <a href={link} target="social-connect" className="link link-primary inline-flex items-center gap-1">
        {S.reopen()} <ExternalLink className="size-3" aria-hidden />
      </a>
    </p>
  );
}
