import type { User } from '../../lib/user';
import { AppShell } from '../shell/app-shell';
import { DashboardPage } from './dashboard-page';

/** What / shows to a signed-in user: the dashboard inside the shell. */
export function SignedInHome({ user }: { user: User }) {
  return (
    <AppShell user={user}>
      <DashboardPage />
    </AppShell>
  );
}
