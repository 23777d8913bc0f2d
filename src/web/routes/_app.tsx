import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/spinner';
import { AppShell } from '../features/shell/app-shell';
import { useDictionary } from '../lib/dictionary';
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
  // The screens' dictionary (already there when the app opened signed in; loaded here after a sign-in).
  const dictionaryReady = useDictionary();
  if (isPending || (user && !dictionaryReady)) return <FullPageSpinner />;
  // The session can end while a page is open (logout elsewhere, account deleted): leave at once.
  if (!user) return <Navigate to="/auth" />;
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
