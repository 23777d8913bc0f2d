import { createHash } from 'node:crypto';

/**
 * pg-boss job ids are UUIDs; deriving them from what the job is about makes a repeated send
 * (a retried request, a poll scheduled twice) collapse into one job.
 */
export function stableJobId(...parts: (string | number)[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
