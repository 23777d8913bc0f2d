import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/app/router';

export type Video = inferRouterOutputs<AppRouter>['videos']['list']['items'][number];
