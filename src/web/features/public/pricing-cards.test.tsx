import { expect, test } from 'bun:test';
import { PLANS, TRIAL_DAYS } from '@/shared/plans';
import { PricingOverview } from './pricing-cards';
import { renderScreen } from './render-screen';

const html = (page: boolean) => renderScreen(() => <PricingOverview page={page} />);

test('PricingOverview: the title, the trial line, every plan, the support note; an h2 inside the landing page', async () => {
  const out = await html(false);
  expect(out).toMatch(/<h2 class="text-center text-3xl font-bold">[^<]+<\/h2>/);
  expect(out).not.toContain('<h1');
  expect(out).toMatch(new RegExp(`\\b${TRIAL_DAYS}\\b`));
  for (const id of Object.keys(PLANS)) expect(out).toContain(`data-testid="pricing-card-${id}"`);
  expect(out).toContain('class="mt-10 text-center text-sm opacity-70"');
});

test('PricingOverview page: the same block under the page’s h1', async () => {
  const out = await html(true);
  expect(out).toMatch(/<h1 class="text-center text-4xl font-extrabold">[^<]+<\/h1>/);
  expect(out).toContain('class="mt-3 mb-12 text-center text-base-content/70"');
});
