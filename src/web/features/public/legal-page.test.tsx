import { expect, test } from 'bun:test';
import { TRIAL_DAYS } from '@/shared/plans';
import { LegalPage } from './legal-page';
import { renderScreen } from './render-screen';

const html = (kind: 'privacy' | 'terms') => renderScreen(() => <LegalPage kind={kind} />);

test('the privacy policy: its title and five numbered sections', async () => {
  const out = await html('privacy');
  expect(out).toContain('Privacy Policy</h1>');
  expect(out.match(/<h2 /g)?.length).toBe(5);
  expect(out).toContain('5<!-- -->. <!-- -->');
});

test('the terms: their title, six numbered sections, the trial length filled in', async () => {
  const out = await html('terms');
  expect(out).toContain('Terms and Conditions</h1>');
  expect(out.match(/<h2 /g)?.length).toBe(6);
  expect(out).toMatch(new RegExp(`\\b${TRIAL_DAYS}\\b[^<]*day`));
});
