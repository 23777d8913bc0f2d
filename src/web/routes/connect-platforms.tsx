import type { Namespaces } from '@locales/i18n-types';
import { createFileRoute } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/spinner';
import { ConnectPlatformsPage, type ConnectSearch } from '../features/social/connect-platforms-page';
import { parseProviders } from '@/web/lib/platforms';
import { useDictionary } from '../lib/dictionary';

// Public, but it speaks the social profiles' language.
const SCREENS: readonly Namespaces[] = ['social', 'publishing'];

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined);

// Public (outside the _app guard): a visitor without a session is asked to sign in first.
export const Route = createFileRoute('/connect-platforms')({
  validateSearch: (search: Record<string, unknown>): ConnectSearch => ({
    providers: text(search.providers, 200),
    redirect_uri: text(search.redirect_uri, 2000),
    state: text(search.state, 500),
    connected: text(search.connected, 20),
    error: text(search.error, 500),
  }),
  component: ConnectPlatformsRoute,
});

function ConnectPlatformsRoute() {
  const search = Route.useSearch();
  if (!useDictionary(SCREENS)) return <FullPageSpinner />;
  return (
    <ConnectPlatformsPage
      providers={parseProviders(search.providers)}
      redirectUri={search.redirect_uri}
      state={search.state}
      connected={search.connected}
      error={search.error}
    />
  );
}
