import { Link } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { planStory } from '@/shared/plan-story';
import type { Subscription } from '@/web/components/plan-limit';
import { useFormat } from '@/web/lib/format';

/** The plan the workspace is on, told with the same facts as the pricing and Subscription screens (its story). */
export function YourPlan({ sub }: { sub: Subscription }) {
  const { LL } = useI18nContext();
  const Pm = LL.createVideo.payment;
  const f = useFormat();
  const story = planStory(sub.plan.id, sub.billingCycle);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-200 p-4 text-sm" data-testid="payment-plan">
      <div className="space-y-1">
        <p className="font-semibold">
          <span data-testid="payment-plan-name">{Pm.yourPlan({ plan: story.name })}</span>
          {' · '}
          <span data-testid="plan-price">{f.money(story.perMonth)}</span>
          {LL.common.perMonth()}
        </p>
        <p data-testid="payment-plan-facts">
          {story.videosPerMonth === null ? LL.pricing.unlimitedVideos() : LL.pricing.videosPerMonth({ count: story.videosPerMonth })}
          {' · '}
          {LL.pricing.renderResolution({ resolution: story.resolution })}
        </p>
        <p className="text-base-content/70">{LL.pricing.countsOnce()}</p>
      </div>
      <Link to="/subscription" className="btn btn-sm" data-testid="payment-change-plan">
        {Pm.changePlan()}
      </Link>
    </div>
  );
}
