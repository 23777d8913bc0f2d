import { createFileRoute } from '@tanstack/react-router';
import type { Namespaces } from '@locales/i18n-types';
import { FullPageSpinner } from '../components/spinner';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { useDictionary } from '../lib/dictionary';

// Public: the address-check e-mail's link (docs/decisions/205).
const SCREENS: readonly Namespaces[] = ['profile'];

export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  component: function VerifyEmailRoute() {
    const { token } = Route.useSearch();
    if (!useDictionary(SCREENS)) return <FullPageSpinner />;
    return <VerifyEmailPage token={token} />;
  },
});
