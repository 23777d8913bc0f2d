import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/spinner';
import { AppShell } from '../features/shell/app-shell';
import { userQueryOptions, useUser } from '../lib/user';

// The guard of every protected page: a spinner while the user loads, anonymous → /auth.
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    if (!user) throw redirect({ to: '/auth', search: { redirect: location.href } });
  },
  pendingComponent: FullPageSpinner,
  component: AppLayout,
});

function AppLayout() {
  const { data: user, isPending } = useUser();
  if (isPending) return <FullPageSpinner />;
  // The session can end while a page is open (logout elsewhere, account deleted): leave at once.
  if (!user) return <Navigate to="/auth" />;
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
