// First: before any schema module is evaluated.
import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import TypesafeI18n from '@locales/i18n-react';
import { isLocale } from '@locales/i18n-util';
import { FullPageSpinner } from './components/spinner';
import { ALL_SCREENS, loadDictionary } from './lib/dictionary';
import { initialLocale } from './lib/preferences';
import { createQueryClient } from './lib/query-client';
import { storedTheme, applyTheme } from './lib/theme';
import { createTrpc } from './lib/trpc';
import { setUser, userQueryOptions } from './lib/user';
import { routeTree } from './routeTree.gen';
import './styles.css';

// A 401 from any read means the session is gone: the user becomes null and the guard sends to /auth.
const queryClient = createQueryClient(() => setUser(queryClient, null));
const trpc = createTrpc(queryClient);

const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: FullPageSpinner,
  defaultPendingMs: 150,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

async function start() {
  applyTheme(storedTheme());
  // The user and the dictionary load in parallel, so that the saved language and theme apply
  // before the first render (no flash of English or of the light theme).
  // A signed-in user also gets the screens' dictionary before the first render; a visitor only the boot part.
  let locale = initialLocale();
  const [user] = await Promise.all([queryClient.fetchQuery(userQueryOptions).catch(() => null), loadDictionary(locale)]);
  const saved = user?.settings.language;
  if (saved && isLocale(saved)) locale = saved;
  if (user) await loadDictionary(locale, ALL_SCREENS);
  else await loadDictionary(locale);
  if (user) applyTheme(user.settings.theme);
  document.documentElement.lang = locale;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TypesafeI18n locale={locale}>
          <RouterProvider router={router} />
        </TypesafeI18n>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
