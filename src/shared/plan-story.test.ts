import { describe, expect, test } from 'bun:test';
import en from '../../locales/en';
import enCreate from '../../locales/en/createVideo';
import enSub from '../../locales/en/subscription';
import es from '../../locales/es';
import esCreate from '../../locales/es/createVideo';
import esSub from '../../locales/es/subscription';
import fr from '../../locales/fr';
import frCreate from '../../locales/fr/createVideo';
import frSub from '../../locales/fr/subscription';
import { entitlements, renderResolution } from './limits';
import { planStory } from './plan-story';
import { BILLING_CYCLES, PLAN_IDS, PLANS, periodAmountCents, YEARLY_SAVING_PERCENT } from './plans';

// The pricing story (landing, /pricing, Subscription, the wizard's Payment step) is told from the one
// catalogue: the numbers are computed here, the translations only word them.

describe('the pricing story', () => {
  test('every price, limit and resolution a screen shows is the catalogue’s', () => {
    for (const id of PLAN_IDS)
      for (const cycle of BILLING_CYCLES) {
        const story = planStory(id, cycle);
        const plan = PLANS[id];
        expect(story.name).toBe(plan.name);
        expect(story.perMonth).toBe(plan.monthlyPrice[cycle]);
        expect(story.perPeriod * 100).toBe(periodAmountCents(id, cycle));
        expect(story.perPeriod).toBe(story.perMonth * (cycle === 'yearly' ? 12 : 1));
        expect(story.videosPerMonth).toBe(plan.videosPerMonth);
        // What the plan is sold with is what its renders get by default (the renderer reads the same entitlements;
        // a new subscription's stored choice is 'plan').
        const sold = renderResolution(entitlements({ planId: id, paidRenderTier: null, paidRenderTierUntil: null }), 'plan');
        expect(story.resolution).toBe(sold === '2160p' ? '4K' : sold);
      }
    expect(planStory('pro', 'monthly')).toMatchObject({ name: 'Pro', perMonth: 99, videosPerMonth: 20, resolution: '1080p' });
  });

  test('what yearly billing saves is stated arithmetically true for every plan', () => {
    for (const id of PLAN_IDS) {
      const { monthly, yearly } = PLANS[id].monthlyPrice;
      const saving = planStory(id, 'yearly').yearlySaving;
      expect(saving.amount).toBe(monthly * 12 - yearly * 12);
      // "Save N %": every plan saves at least N % of twelve monthly payments.
      expect(yearly * 12).toBeLessThanOrEqual(monthly * 12 * (1 - YEARLY_SAVING_PERCENT / 100));
      // …and it is not an understatement of a whole percent or more on the plan that saves least.
      expect(saving.percent).toBeGreaterThanOrEqual(YEARLY_SAVING_PERCENT);
    }
    expect(PLAN_IDS.some((id) => planStory(id, 'yearly').yearlySaving.percent === YEARLY_SAVING_PERCENT)).toBe(true);
    expect(YEARLY_SAVING_PERCENT).toBe(20);
  });

  test('no pricing text holds a number of its own, in en, fr or es', () => {
    // Every figure reaches these texts as a parameter; "24/7" is the support promise, not a price or a limit.
    const texts = [
      [en.pricing, en.landing.perks, enSub, enCreate.payment],
      [fr.pricing, fr.landing.perks, frSub, frCreate.payment],
      [es.pricing, es.landing.perks, esSub, esCreate.payment],
    ];
    const strings = (o: unknown): string[] => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(strings) : []);
    for (const group of texts) {
      const found = strings(group)
        .map((s) => s.replace(/\{[^}]*\}/g, '').replace(/24\/7|24 h\/24, 7 j\/7/, ''))
        .filter((s) => /[0-9$€£]/.test(s));
      expect(found).toEqual([]);
    }
  });
});
