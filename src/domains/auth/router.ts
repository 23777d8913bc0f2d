import { router, sessionProcedure } from '../../server/trpc';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor, twoFactorStatus } from './two-factor';
import { ZOk } from '../../shared/reply-schemas';
import { ZDisableTwoFactor, ZEnableTwoFactor, ZTwoFactorEnabled, ZTwoFactorSetup, ZTwoFactorStatus } from './schemas';

// Profile → Security. The browser session only: an API key can neither see nor change the second factor.
export const twoFactorRouter = router({
  status: sessionProcedure.output(ZTwoFactorStatus).query(({ ctx }) => twoFactorStatus({ db: ctx.db, userId: ctx.user.id })),
  begin: sessionProcedure.output(ZTwoFactorSetup).mutation(({ ctx }) => beginTwoFactorSetup({ db: ctx.db, box: ctx.box, userId: ctx.user.id, account: ctx.user.username })),
  enable: sessionProcedure
    .input(ZEnableTwoFactor)
    .output(ZTwoFactorEnabled)
    .mutation(({ ctx, input }) =>
      enableTwoFactor({ db: ctx.db, box: ctx.box, auth: ctx.auth, userId: ctx.user.id, sessionId: ctx.session.id, input, limiter: ctx.limits.twoFactor }),
    ),
  disable: sessionProcedure
    .input(ZDisableTwoFactor)
    .output(ZOk)
    .mutation(({ ctx, input }) => disableTwoFactor({ db: ctx.db, box: ctx.box, userId: ctx.user.id, input, limiter: ctx.limits.twoFactor })),
});
