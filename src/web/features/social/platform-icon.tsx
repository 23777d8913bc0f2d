import { Globe, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode, SVGProps } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { platformName } from './platforms';

// Brand glyphs in the same 24-unit stroke style as the lucide icons.
type Glyph = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;
const svg = (children: ReactNode): Glyph =>
  function BrandGlyph(props) {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
        {children}
      </svg>
    );
  };

const Linkedin = svg(
  <>
    <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
    <rect x="2" y="9" width="4" height="12" />
    <circle cx="4" cy="4" r="2" />
  </>,
);
const Twitter = svg(<path d="M4 4l11.7 16H20L8.3 4zM4 20l6.8-6.8M13.2 10.8 20 4" />);
const Instagram = svg(
  <>
    <rect x="2" y="2" width="20" height="20" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);
const Google = svg(<path d="M20.5 12.2c0-.6-.1-1.2-.2-1.7H12v3.3h4.8a4.6 4.6 0 0 1-2 2.9M20.5 12.2A8.5 8.5 0 1 1 17.9 6" />);
const Outlook = svg(
  <>
    <rect x="2" y="5" width="12" height="14" rx="2" />
    <ellipse cx="8" cy="12" rx="2.5" ry="3" />
    <path d="M14 8h7v10h-7M14 9l3.5 3L21 9" />
  </>,
);
const Facebook = svg(<path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />);

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
export function SocialIcon({ platform, className = 'size-4', tile = false, decorative = false }: { platform: string; className?: string; tile?: boolean; decorative?: boolean }) {
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

/** The small badge every sandbox-backed screen shows (PRODUCT.md §2). */
export function SandboxBadge({ className = '' }: { className?: string }) {
  const { LL } = useI18nContext();
  return (
    <span className={`badge badge-warning badge-sm ${className}`} title={LL.social.sandboxHint()} data-testid="sandbox-badge">
      {LL.social.sandbox()}
    </span>
  );
}
