import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { PLAN_IDS, TRIAL_DAYS, type BillingCycle } from '@/shared/plans';
import { planStory } from '@/shared/plan-story';
import { BillingToggle } from '@/web/components/billing-toggle';
import { PlanFeatures, PlanPrice } from '@/web/components/plan-features';

/** Landing and pricing cards: names, prices and limits come from the plan catalogue. */
export function PricingCards() {
  const { LL } = useI18nContext();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  return (
    <div className="space-y-8">
      <div className="flex flex-col items-center gap-2">
        <BillingToggle value={cycle} onChange={setCycle} />
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        {PLAN_IDS.map((id) => planStory(id, cycle)).map((plan) => (
          <div
            key={plan.id}
            data-testid={`pricing-card-${plan.id}`}
            className={`card border bg-base-100 ${plan.popular ? 'border-primary shadow-xl md:-translate-y-2' : 'border-base-300 shadow-sm'}`}
          >
            <div className="card-body gap-4">
              <div className="flex items-center justify-between">
                <h3 className="card-title text-xl">{plan.name}</h3>
                {plan.popular && <span className="badge badge-primary">{LL.pricing.popular()}</span>}
              </div>
              <PlanPrice story={plan} cycle={cycle} size="text-4xl font-extrabold" />
              <PlanFeatures story={plan} />
              <div className="card-actions mt-auto pt-2">
                <Link to="/auth" search={{ tab: 'register' }} className={`btn w-full ${plan.popular ? 'btn-primary' : 'btn-outline'}`}>
                  {LL.pricing.choose()}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The plans under their title and trial line, then the support note: the landing page's pricing section and the /pricing page (`page`: its `h1`). */
export function PricingOverview({ page = false }: { page?: boolean }) {
  const { LL } = useI18nContext();
  const title = LL.pricing.title();
  return (
    <>
      {page ? <h1 className="text-center text-4xl font-extrabold">{title}</h1> : <h2 className="text-center text-3xl font-bold">{title}</h2>}
      <p className={`${page ? 'mt-3 mb-12' : 'mt-2 mb-10'} text-center text-base-content/70`}>{LL.pricing.subtitle({ days: TRIAL_DAYS })}</p>
      <PricingCards />
      <p className="mt-10 text-center text-sm opacity-70">{LL.landing.supportNote()}</p>
    </>
  );
}
