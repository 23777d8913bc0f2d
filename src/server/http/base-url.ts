import type { Env } from '../env';

/** Absolute links in e-mails and messages: APP_URL, else the request's origin, else localhost. */
export function baseUrlOf(env: Pick<Env, 'APP_URL' | 'PORT'>, requestOrigin?: string | null): string {
  if (env.APP_URL) return new URL(env.APP_URL).origin;
  if (requestOrigin) return requestOrigin;
  return `http://localhost:${env.PORT}`;
}
