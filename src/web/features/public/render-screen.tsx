import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';

/** For the public screens' tests: a screen's markup in English, inside the query client and a router (its links). */
export async function renderScreen(screen: () => ReactNode) {
  loadLocale('en');
  const page = () => (
    <QueryClientProvider client={new QueryClient()}>
      <TypesafeI18n locale="en">{screen()}</TypesafeI18n>
    </QueryClientProvider>
  );
  const router = createRouter({ routeTree: createRootRoute({ component: page }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}
