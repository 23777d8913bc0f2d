import type { AppDeps, ServerLike } from '../context';

/**
 * The client address. Behind `hops` trusted proxies it is the entry the outermost of them
 * appended to X-Forwarded-For: the `hops`-th from the right. Entries to its left are whatever
 * the client sent and are never used (rotating them must not lift any limit).
 */
export function forwardedClient(header: string | null | undefined, hops: number): string | null {
  if (hops <= 0 || !header) return null;
  const entries = header
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  // Fewer entries than hops: every entry was written by a trusted proxy, the leftmost is the client.
  return entries[Math.max(0, entries.length - hops)]!.slice(0, 100);
}

export function clientIp(deps: Pick<AppDeps, 'env'>, request: Request, server?: ServerLike) {
  return forwardedClient(request.headers.get('x-forwarded-for'), deps.env.TRUST_PROXY) ?? server?.requestIP(request)?.address ?? 'unknown';
}
