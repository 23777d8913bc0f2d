import type { User } from '@/web/lib/user';
import { AppShell } from '@/web/features/shell/app-shell';
import { DashboardPage } from '@/web/features/dashboard/dashboard-page';

/** What / shows to a signed-in user: the dashboard inside the shell. */
export function SignedInHome({ user }: { user: User }) {
  return (
    <AppShell user={user}>
      <DashboardPage />
    </AppShell>
  );
}
