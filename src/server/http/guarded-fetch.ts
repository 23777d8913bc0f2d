import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { fileTypeFromBuffer } from 'file-type';
import { readCapped } from './read-capped';

// Fetching a URL a user gave us (a contact's background image) from the server: http(s) only; no
// private, loopback, link-local or otherwise internal address unless `allowPrivate` (env
// FETCH_ALLOW_PRIVATE, for tests and trusted intranets); every redirect checked again; the size
// capped while reading; the type told by the bytes; the whole fetch time-boxed.
// The connection goes to the very address that was checked (pinnedFetch), which closes the DNS
// rebinding gap decision 103 left open. docs/decisions/103-guarded-fetch.md, 208.

export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export type GuardedFetchOptions = {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  /** MIME types accepted, as sniffed from the content. */
  types: readonly string[];
  maxRedirects?: number;
} & Omit<PinOptions, 'allowPrivate'>;

function v4Blocked(ip: string): boolean {
  const [a, b, c] = ip.split('.').map(Number) as [number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) || // documentation (TEST-NET-2)
    (a === 203 && b === 0 && c === 113) || // documentation (TEST-NET-3)
    a >= 224
  );
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = text.includes('::') ? text.split('::') : [text, undefined];
  const l = left ? left.split(':').filter(Boolean) : [];
  const r = right ? right.split(':').filter(Boolean) : [];
  const fill = right === undefined ? [] : new Array(8 - l.length - r.length).fill('0');
  return [...l, ...fill, ...r].map((g) => parseInt(g, 16) || 0);
}

/** The IPv4 address held by two 16-bit groups. */
const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 transition format carries, judged by the IPv4 rules: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/48) and Teredo (2001:0::/32, whose client address is
 * stored inverted in the last 32 bits; its server, bits 32–63, must be public too).
 * null: not a transition format.
 */
function embeddedV4(g: number[]): string[] | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return [v4Of(g[6]!, g[7]!)];
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [v4Of(g[6]!, g[7]!)];
  if (zero(0, 6)) return [v4Of(g[6]!, g[7]!)];
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return [v4Of(g[6]!, g[7]!)];
  if (g[0] === 0x2002) return [v4Of(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [v4Of(g[2]!, g[3]!), v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return null;
}

/**
 * IPv6: global unicast (2000::/3) only, minus its special ranges; transition formats are judged
 * by the IPv4 address inside. Everything else (loopback, unspecified, link-local, site-local
 * fec0::/10, unique-local fc00::/7, multicast, discard 100::/64, local NAT64 64:ff9b:1::/48 …) is
 * refused. Issue 25 item 12, decision 208.
 */
function v6Blocked(ip: string): boolean {
  const g = v6Groups(ip);
  if (g.length !== 8) return true;
  const inside = embeddedV4(g);
  if (inside) return inside.some(v4Blocked);
  const [a, b] = g as [number, number];
  if ((a & 0xe000) !== 0x2000) return true; // not 2000::/3
  if (a === 0x2001 && b < 0x0200) return true; // 2001::/23: IETF protocol assignments (ORCHID, benchmarking, AMT …)
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x3fff && b < 0x1000) return true; // documentation 3fff::/20
  return false;
}

/** Addresses no server-side fetch may reach by default. */
export function isBlockedAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return v4Blocked(ip);
  if (kind === 6) return v6Blocked(ip);
  return true;
}

/** A host name's addresses. Injectable for tests (a name that answers differently each time). */
export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Refuses (FetchRefused) a URL the server must not reach: not http(s), credentials, or an internal
 * address. Returns the checked address to connect to (every address of the name is checked, the
 * first is used), or null when private addresses are allowed (nothing checked, nothing pinned).
 */
export async function checkHost(url: URL, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<string | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('Only http and https addresses can be fetched');
  if (url.username || url.password) throw new FetchRefused('Addresses with credentials are not fetched');
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new FetchRefused(`${host} could not be resolved`);
    }
  }
  if (!addresses.length || addresses.some(isBlockedAddress)) throw new FetchRefused(`${host} is a private or local address`);
  return addresses[0]!;
}

export type PinOptions = {
  allowPrivate: boolean;
  /** Name resolution (default: the system's). */
  resolve?: Resolver;
  /** What opens the connection (default: fetch). Tests give their own to see where it would go. */
  transport?: (url: URL, init: RequestInit & { tls?: { serverName?: string } }) => Promise<Response>;
};

/**
 * fetch to the address that was checked, never to a second resolution of the name (which a DNS
 * rebinding answer could turn to loopback): the URL's host becomes that IP, the Host header keeps
 * the name and, for https, so do SNI and the certificate check (`tls.serverName`).
 */
export async function pinnedFetch(url: URL, init: RequestInit, opts: PinOptions): Promise<Response> {
  const address = await checkHost(url, opts.allowPrivate, opts.resolve);
  const transport = opts.transport ?? ((u, i) => fetch(u, i));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!address || isIP(host)) return transport(url, init);
  const target = new URL(url);
  target.hostname = isIP(address) === 6 ? `[${address}]` : address;
  const headers = new Headers(init.headers);
  headers.set('host', url.host);
  return transport(target, { ...init, headers, ...(url.protocol === 'https:' ? { tls: { serverName: host } } : {}) });
}

/** The bytes and sniffed type of a remote file, or FetchRefused with a reason a person can read. */
export async function fetchGuarded(address: string, opts: GuardedFetchOptions): Promise<{ bytes: Uint8Array; contentType: string }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused('Not a valid address');
  }
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const tooLarge = () => new FetchRefused(`The file is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
  try {
    for (let hop = 0; ; hop++) {
      const res = await pinnedFetch(url, { redirect: 'manual', signal, headers: { accept: opts.types.join(', ') } }, opts);
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel();
        if (hop >= (opts.maxRedirects ?? 3)) throw new FetchRefused('Too many redirects');
        url = new URL(res.headers.get('location')!, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new FetchRefused(`The server answered HTTP ${res.status}`);
      }
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > opts.maxBytes) {
        await res.body?.cancel();
        throw tooLarge();
      }
      const bytes = await readCapped(res, opts.maxBytes, tooLarge);
      const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
      if (!sniffed || !opts.types.includes(sniffed)) throw new FetchRefused(`Not an image (${sniffed ?? 'unknown content'})`);
      return { bytes, contentType: sniffed };
    }
  } catch (e) {
    if (e instanceof FetchRefused) throw e;
    if (signal.aborted) throw new FetchRefused(`No answer within ${Math.round(opts.timeoutMs / 1000)} s`);
    throw new FetchRefused(`The download failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
