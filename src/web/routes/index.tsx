import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../components/spinner';
import { LandingPage } from '../features/public/landing-page';
import { userQueryOptions, useUser } from '../lib/user';

// Signed-in visitors get the dashboard in the shell; its code loads only for them.
const SignedInHome = lazy(() => import('./-signed-in-home').then((m) => ({ default: m.SignedInHome })));

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => context.queryClient.ensureQueryData(userQueryOptions),
  component: Home,
});

function Home() {
  const { data: user } = useUser();
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInHome user={user} />
    </Suspense>
  );
}
