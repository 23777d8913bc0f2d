import { Globe, Link2, Mail, MessageCircle, Music2 } from 'lucide-react';
import type { SVGProps } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { platformLabel } from './constants';

// Brand glyphs drawn in the same 24-unit stroke style as the rest of the icons.
type Glyph = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;
const svg = (children: React.ReactNode): Glyph =>
  function BrandGlyph(props) {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
        {children}
      </svg>
    );
  };

const Facebook = svg(<path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />);
const Instagram = svg(
  <>
    <rect x="2" y="2" width="20" height="20" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);
const Youtube = svg(
  <>
    <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
    <path d="m10 15 5-3-5-3z" />
  </>,
);
const Linkedin = svg(
  <>
    <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
    <rect x="2" y="9" width="4" height="12" />
    <circle cx="4" cy="4" r="2" />
  </>,
);
const Twitter = svg(<path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />);

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
    <span className={`inline-flex ${color}`} title={label} role="img" aria-label={label} data-platform={platform}>
      <Icon className={className} aria-hidden />
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
