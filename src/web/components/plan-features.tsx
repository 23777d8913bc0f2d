import { Check } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { PlanStory } from '@/shared/plan-story';
import { useFormat } from '@/web/lib/format';

/** A plan's price on its billing cycle, and what the period bills (with the yearly saving), from the plan's story. */
export function PlanPrice({ story, cycle, size = 'text-3xl font-bold' }: { story: PlanStory; cycle: 'monthly' | 'yearly'; size?: string }) {
  const { LL } = useI18nContext();
  const f = useFormat();
  return (
    <div>
      <span className={size} data-testid="plan-price">
        {f.money(story.perMonth)}
      </span>
      <span className="opacity-60">{LL.common.perMonth()}</span>
      <p className="mt-1 text-xs opacity-60" data-testid="plan-billed">
        {cycle === 'yearly'
          ? LL.pricing.billedYearly({ amount: f.money(story.perPeriod), saving: f.money(story.yearlySaving.amount) })
          : LL.pricing.billedMonthly()}
      </p>
    </div>
  );
}

/** A plan's limits, from its story (the one catalogue). */
export function PlanFeatures({ story }: { story: PlanStory }) {
  const { LL } = useI18nContext();
  const f = useFormat();
  const items: [string, string][] = [
    ['videos', story.videosPerMonth === null ? LL.pricing.unlimitedVideos() : LL.pricing.videosPerMonth({ count: story.videosPerMonth })],
    ['once', LL.pricing.countsOnce()],
    ['resolution', LL.pricing.renderResolution({ resolution: story.resolution })],
    ['length', LL.pricing.maxLength({ minutes: story.maxVideoMinutes })],
    ['profiles', story.socialProfiles === null ? LL.pricing.unlimitedProfiles() : LL.pricing.socialProfiles({ count: story.socialProfiles })],
    ['storage', LL.pricing.storage({ size: f.bytes(story.storageBytes) })],
    ['seats', LL.pricing.seats({ count: story.seats })],
    ['support', LL.pricing.support()],
  ];
  return (
    <ul className="space-y-2 text-sm">
      {items.map(([key, item]) => (
        <li key={key} className="flex items-start gap-2" data-testid={`plan-feature-${key}`}>
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span className={key === 'once' ? 'text-base-content/70' : undefined}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
