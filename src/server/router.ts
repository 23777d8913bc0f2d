import { apiKeysRouter } from '../domains/api-keys/router';
import { billingRouter } from '../domains/billing/router';
import { usersRouter } from '../domains/users/router';
import { router } from './trpc';

export const appRouter = router({
  users: usersRouter,
  billing: billingRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
