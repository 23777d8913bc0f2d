import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found';
import { RouteError } from '../components/route-error';
import { Toaster } from '../components/toaster';
import { usePreferencesSync } from '../lib/preferences';
import type { Trpc } from '../lib/trpc';

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

function Root() {
  usePreferencesSync();
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
