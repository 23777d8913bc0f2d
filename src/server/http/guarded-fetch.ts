import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { fileTypeFromBuffer } from 'file-type';
import { readCapped } from './read-capped';

// Fetching a URL a user gave us (a contact's background image) from the server: http(s) only; no
// private, loopback, link-local or otherwise internal address unless `allowPrivate` (env
// FETCH_ALLOW_PRIVATE, for tests and trusted intranets); every redirect checked again; the size
// capped while reading; the type told by the bytes; the whole fetch time-boxed.
// docs/decisions/103-guarded-fetch.md (and its one residual gap: DNS rebinding between check and connect).

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
};

function v4Blocked(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
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

/** Addresses no server-side fetch may reach by default. */
export function isBlockedAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return v4Blocked(ip);
  if (kind !== 6) return true;
  const g = v6Groups(ip);
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(7) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::/96): judge the IPv4 inside.
  const embedded = `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  if ((zeroTo(5) && (g[5] === 0xffff || g[5] === 0)) || (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))) return v4Blocked(embedded);
  const first = g[0]!;
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00 || (first === 0x2001 && g[1] === 0x0db8);
}

/** Refuses (FetchRefused) a URL the server must not reach: not http(s), credentials, or an internal address. */
export async function checkHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('Only http and https addresses can be fetched');
  if (url.username || url.password) throw new FetchRefused('Addresses with credentials are not fetched');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new FetchRefused(`${host} could not be resolved`);
    }
  }
  if (!addresses.length || addresses.some(isBlockedAddress)) throw new FetchRefused(`${host} is a private or local address`);
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
      await checkHost(url, opts.allowPrivate);
      const res = await fetch(url, { redirect: 'manual', signal, headers: { accept: opts.types.join(', ') } });
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
