import { useI18nContext } from '@locales/i18n-react';
import { PLANS, TRIAL_DAYS, TRIAL_PLAN, YEARLY_SAVING_PERCENT } from '@/shared/plans';
import { useFormat } from '../../lib/format';

// Video generation time (spec part 1 §9): usually 2 to 5 minutes, up to 10.
export const GENERATION_MINUTES = { min: 2, max: 5, longest: 10 } as const;

/** The FAQ, built from the plan catalogue and the spec's constants. */
export function useFaq() {
  const { LL } = useI18nContext();
  const f = useFormat();
  const q = LL.help.q;
  const plans = Object.values(PLANS)
    .map(
      (p) =>
        `${p.name} ${f.money(p.monthlyPrice.monthly)}${LL.common.perMonth()} (${f.money(p.monthlyPrice.yearly)}${LL.common.perMonth()} ${LL.pricing.yearly().toLowerCase()})`,
    )
    .join(', ');
  return [
    {
      id: 'length',
      q: q.lengthQ(),
      a: q.lengthA({
        basic: PLANS.basic.maxVideoMinutes,
        basicName: PLANS.basic.name,
        pro: PLANS.pro.maxVideoMinutes,
        proName: PLANS.pro.name,
        enterprise: PLANS.enterprise.maxVideoMinutes,
        enterpriseName: PLANS.enterprise.name,
      }),
    },
    { id: 'generation', q: q.generationQ(), a: q.generationA(GENERATION_MINUTES) },
    { id: 'trial', q: q.trialQ(), a: q.trialA({ days: TRIAL_DAYS, plan: PLANS[TRIAL_PLAN].name }) },
    { id: 'plans', q: q.plansQ(), a: q.plansA({ plans, percent: YEARLY_SAVING_PERCENT }) },
    { id: 'change-plan', q: q.changePlanQ(), a: q.changePlanA() },
    { id: 'languages', q: q.languagesQ(), a: q.languagesA() },
    { id: 'support', q: q.supportQ(), a: q.supportA() },
    { id: 'api', q: q.apiQ(), a: q.apiA() },
  ];
}

/** Case-insensitive match on the question or the answer. */
export function filterFaq<T extends { q: string; a: string }>(items: T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return items;
  return items.filter((i) => i.q.toLocaleLowerCase().includes(needle) || i.a.toLocaleLowerCase().includes(needle));
}
