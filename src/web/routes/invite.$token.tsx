import { createFileRoute } from '@tanstack/react-router';
import type { Namespaces } from '@locales/i18n-types';
import { FullPageSpinner } from '../components/spinner';
import { InvitePage } from '../features/workspaces/invite-page';
import { useDictionary } from '../lib/dictionary';

// Public: the invitation e-mail's link, for visitors signed out or in. It speaks the teams' language.
const SCREENS: readonly Namespaces[] = ['workspaces', 'profile'];

export const Route = createFileRoute('/invite/$token')({
  component: function InviteRoute() {
    const { token } = Route.useParams();
    if (!useDictionary(SCREENS)) return <FullPageSpinner />;
    return <InvitePage token={token} />;
  },
});
