import type { JobDefinition } from './queue';

/**
 * A job that sends one e-mail (a password reset, an invitation): a few retries while the mail
 * server is away, and two minutes per try before a dead worker's job is offered again.
 */
export function emailJob<T extends object>(name: string, send: (job: T) => Promise<unknown>): JobDefinition<T> {
  return { name, retryLimit: 3, expireInSeconds: 120, handler: (job) => send(job) };
}
