import { expect, test } from 'bun:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';
import { TRIAL_DAYS } from '@/shared/plans';
import { LegalPage } from './legal-page';

loadLocale('en');

async function html(kind: 'privacy' | 'terms') {
  const page = () => (
    <QueryClientProvider client={new QueryClient()}>
      <TypesafeI18n locale="en">
        <LegalPage kind={kind} />
      </TypesafeI18n>
    </QueryClientProvider>
  );
  const router = createRouter({ routeTree: createRootRoute({ component: page }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

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
