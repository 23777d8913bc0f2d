import { useI18nContext } from '@locales/i18n-react';
import { BRAND_GLYPHS } from '../brand-glyphs';
import type { PublishPlatform } from './api';

const COLORS: Record<PublishPlatform, string> = {
  facebook: 'text-[#1877F2] dark:text-[#4A9BF7]',
  instagram: 'text-[#E4405F]',
  youtube: 'text-[#FF0000] dark:text-[#FF4D4D]',
};

/** A publishing platform's brand icon; its name is the label unless `decorative`. */
export function PublishIcon({ platform, className = 'size-4', decorative = false }: { platform: PublishPlatform; className?: string; decorative?: boolean }) {
  const { LL } = useI18nContext();
  const Icon = BRAND_GLYPHS[platform];
  const label = LL.publishing.platforms[platform]();
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': label, title: label };
  return (
    <span className={`inline-flex shrink-0 ${COLORS[platform]}`} data-platform={platform} {...a11y}>
      <Icon className={className} aria-hidden />
    </span>
  );
}
