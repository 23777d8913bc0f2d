import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { AppContext } from './context';
import { AppError, trpcCodeOf } from './http/app-error';
import { translateJobWords, translateMessage } from './i18n/translate';
import { maySpend, SPENDING_NEEDS_SESSION } from './http/respond';

const t = initTRPC.context<AppContext>().create({
  errorFormatter({ shape, error, ctx }) {
    // Clients read `message`; zod errors give the first issue's (the spec's) message. No stacks.
    const zod = error.cause instanceof ZodError ? error.cause : null;
    let message = zod ? (zod.issues[0]?.message ?? 'Invalid request') : shape.message;
    if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError)) message = 'Internal server error';
    const { stack: _stack, ...data } = shape.data;
    // The meaning and retryability travel too, so a client can tell "try later" from "fix it".
    // The English sentence too (`messageEn`): a screen that reacts to one particular refusal compares that, whatever the language.
    const app = error.cause instanceof AppError ? { appCode: error.cause.code, retryable: error.cause.retryable, messageEn: message } : {};
    // In the caller's language (decision 223): the English sentence is the catalogue's key.
    return { ...shape, message: translateMessage(message, ctx?.locale ?? 'en'), data: { ...data, ...app } };
  },
});

const mapErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  // What jobs wrote for a person (a failed render's line, a recipient's error), in the reader's language (decision 223).
  if (result.ok && ctx?.locale && ctx.locale !== 'en') return { ...result, data: translateJobWords(result.data, ctx.locale) };
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors);
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.scope) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return next({ ctx: { ...ctx, user: ctx.user, scope: ctx.scope } });
});

/**
 * Managing API keys, the password, the e-mail and the account itself: a browser session
 * only. Keys are refused on /trpc already (src/app/request-context.ts); this keeps it so should a
 * key ever reach a procedure.
 */
export const sessionProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.via !== 'session' || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/**
 * Spending (a plan change, a render tier): the browser session, or an API key given the billing
 * scope (docs/decisions/207). Keys never reach /trpc today; this keeps the rule should one ever.
 */
export const spendingProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!maySpend(ctx)) throw new TRPCError({ code: 'FORBIDDEN', message: SPENDING_NEEDS_SESSION });
  return next();
});
