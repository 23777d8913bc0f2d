import type { Env } from '../env';

/**
 * The one origin rule for links sent to people (e-mails, messages, share links): APP_URL when it is
 * set, else the origin of the request that caused the message. A job that sends e-mail is given the
 * origin of the request that enqueued it (stored with the job); localhost is the last resort, for a
 * job enqueued before the origin was stored.
 */
export function linkOrigin(env: Pick<Env, 'APP_URL' | 'PORT'>, requestOrigin?: string | null): string {
  if (env.APP_URL) return new URL(env.APP_URL).origin;
  if (requestOrigin) return requestOrigin;
  return `http://localhost:${env.PORT}`;
}

/** The origin for links in a message caused by `request`. */
export const requestLinkOrigin = (env: Pick<Env, 'APP_URL' | 'PORT'>, request: Request) => linkOrigin(env, new URL(request.url).origin);
