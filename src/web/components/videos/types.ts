import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';

export type Video = inferRouterOutputs<AppRouter>['videos']['list']['items'][number];
