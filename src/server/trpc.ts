import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { AppContext } from './context';
import { AppError, type AppErrorCode } from './http/app-error';

const TRPC_CODE: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

const t = initTRPC.context<AppContext>().create({
  errorFormatter({ shape, error }) {
    // Clients read `message`; zod errors give the first issue's (the spec's) message. No stacks.
    const zod = error.cause instanceof ZodError ? error.cause : null;
    let message = zod ? (zod.issues[0]?.message ?? 'Invalid request') : shape.message;
    if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError)) message = 'Internal server error';
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message, data };
  },
});

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors);
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * Managing API keys, the password, the e-mail and the account itself: a browser session
 * only. Keys are refused on /trpc already (request-context.ts); this keeps it so should a
 * key ever reach a procedure.
 */
export const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.via !== 'session' || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return next({ ctx: { ...ctx, session: ctx.session } });
});
