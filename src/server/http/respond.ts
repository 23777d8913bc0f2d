import type { User } from 'lucia';
import type { ZodType } from 'zod';
import { AppError, httpStatusOf } from './app-error';
import type { AppContext } from '../context';
import { type ServerLocale, translateMessage } from '../i18n/translate';

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** `{ message }` with a status; the message in the caller's language when one is given (decision 223). */
export const errorResponse = (status: number, message: string, extra?: Record<string, unknown>, locale: ServerLocale = 'en') =>
  json({ message: translateMessage(message, locale), ...extra }, { status });

export function appErrorResponse(e: AppError, locale: ServerLocale = 'en'): Response {
  const headers: Record<string, string> = {};
  if (e.code === 'RATE_LIMITED' && typeof e.details?.retryAfter === 'number') headers['retry-after'] = String(e.details.retryAfter);
  return json({ message: translateMessage(e.message, locale) }, { status: httpStatusOf(e.code), headers });
}

/** Validates a body or query with the shared schema; the first issue's message is the answer. */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  let message = issue?.message ?? 'Invalid request';
  if (issue?.code === 'unrecognized_keys') message = `Unknown field: ${issue.keys.join(', ')}`;
  else if (issue?.code === 'invalid_type' && issue.path.length && /expected/.test(message)) message = `Invalid value for ${issue.path.join('.')}`;
  throw new AppError('INVALID_INPUT', message);
}

export function requireUser(ctx: AppContext): User {
  if (!ctx.user || !ctx.scope) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return ctx.user;
}

/** Account management (e-mail, password, keys, deletion, the data export) answers to the browser session, never to an API key. */
export function requireBrowserSession(ctx: AppContext) {
  if (ctx.via !== 'session') throw new AppError('FORBIDDEN', 'This needs a signed-in browser session: API keys cannot change the account');
}

export const SPENDING_NEEDS_SESSION =
  'Spending needs a signed-in browser session, or an API key created with the billing scope (Settings → Advanced → API keys)';

/** Whoever may spend the workspace's money (docs/decisions/207): the browser session, or a key given the billing scope at its creation. */
export const maySpend = (ctx: Pick<AppContext, 'via' | 'apiKeyScopes'>) =>
  ctx.via === 'session' || (ctx.via === 'api-key' && !!ctx.apiKeyScopes?.includes('billing'));

/** Anything that creates an invoice (a plan change, a render tier): 403 for an API key without the billing scope. */
export function requireSpending(ctx: AppContext) {
  if (!maySpend(ctx)) throw new AppError('FORBIDDEN', SPENDING_NEEDS_SESSION);
}
