import { Check } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { RENDER_TIERS, type Plan } from '@/shared/plans';
import { useFormat } from '@/web/lib/format';

/** A plan's limits, read from the one catalogue. */
export function PlanFeatures({ plan }: { plan: Plan }) {
  const { LL } = useI18nContext();
  const f = useFormat();
  const items = [
    plan.videosPerMonth === null ? LL.pricing.unlimitedVideos() : LL.pricing.videosPerMonth({ count: plan.videosPerMonth }),
    plan.socialProfiles === null ? LL.pricing.unlimitedProfiles() : LL.pricing.socialProfiles({ count: plan.socialProfiles }),
    LL.pricing.maxLength({ minutes: plan.maxVideoMinutes }),
    LL.pricing.renderResolution({ resolution: RENDER_TIERS[plan.renderTier].resolution === '2160p' ? '4K' : RENDER_TIERS[plan.renderTier].resolution }),
    LL.pricing.storage({ size: f.bytes(plan.storageBytes) }),
    LL.pricing.seats({ count: plan.seats }),
    LL.pricing.support(),
  ];
  return (
    <ul className="space-y-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
