import type { SecretBox } from '../../server/crypto';
import { safeEqual } from '../../server/crypto';

// The token of one served landing page (docs/decisions/206): the server issues it when it serves
// /v/<token> and the page's beacons carry it back. It seals, under the app's secret, the link it
// was served for, the link's video, the page load's view id and its viewer, and an expiry, so a
// beacon counts only for a page the server actually served, for the link it was served for.

/** A page left open this long still reports its plays; a token older than this counts nothing. */
export const PAGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const PURPOSE = 'landing-page-load/v1';
const PART = /^[A-Za-z0-9_-]{16,32}$/;

/** A publication id (docs/decisions/229): the post whose link brought the page load. */
const VIA = /^[a-z2-7]{16}$/;
export const isVia = (v: unknown): v is string => typeof v === 'string' && VIA.test(v);

export type PageLoad = {
  /** The view id of this page load: every beacon of the page is this one view. */
  viewId: string;
  /**
   * Who loaded it, for an anonymous audience: a keyed hash of the client address the page was
   * served to (never the address itself, never the User-Agent, never anything a beacon says).
   */
  viewer: string;
  /** The publication whose post linked here (`?via=`), sealed with the rest; null for any other visit. */
  via: string | null;
};

const randomId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
const signed = (linkToken: string, videoId: string, viewId: string, viewer: string, exp: string, via: string | null) =>
  `${linkToken}|${videoId}|${viewId}|${viewer}|${exp}${via ? `|${via}` : ''}`;

/** The viewer of a page load: one per client address (a keyed hash; the address is not recoverable). */
export async function viewerOf(box: SecretBox, ip: string): Promise<string> {
  return Buffer.from((await box.mac(ip, 'landing-viewer/v1')).slice(0, 32), 'hex').toString('base64url');
}

/** Issued with each served landing page: `<viewId>.<viewer>.<expiry>.<signature>[.<via>]`. */
export async function issuePageToken(
  box: SecretBox,
  opts: { linkToken: string; videoId: string; ip: string; now?: Date; via?: string | null },
): Promise<string> {
  const viewId = randomId();
  const viewer = await viewerOf(box, opts.ip);
  const exp = Math.floor(((opts.now ?? new Date()).getTime() + PAGE_TOKEN_TTL_MS) / 1000).toString(36);
  const via = isVia(opts.via) ? opts.via : null;
  const sig = await box.mac(signed(opts.linkToken, opts.videoId, viewId, viewer, exp, via), PURPOSE);
  return `${viewId}.${viewer}.${exp}.${sig}${via ? `.${via}` : ''}`;
}

/** The page load a beacon's token stands for; null when forged, for another link or video, or expired. */
export async function readPageToken(box: SecretBox, token: string, opts: { linkToken: string; videoId: string; now?: Date }): Promise<PageLoad | null> {
  const [viewId, viewer, exp, sig, via = null, extra] = token.split('.');
  if (
    extra !== undefined ||
    (via !== null && !isVia(via)) ||
    !viewId ||
    !viewer ||
    !exp ||
    !sig ||
    !PART.test(viewId) ||
    !PART.test(viewer) ||
    !/^[0-9a-z]{1,10}$/.test(exp)
  )
    return null;
  const expected = await box.mac(signed(opts.linkToken, opts.videoId, viewId, viewer, exp, via), PURPOSE);
  if (!safeEqual(sig, expected)) return null;
  if (Number.parseInt(exp, 36) * 1000 <= (opts.now ?? new Date()).getTime()) return null;
  return { viewId, viewer, via };
}
