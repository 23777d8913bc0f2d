/**
 * The one check for "send the browser back to this address" (the social connect flow's
 * redirect_uri, the page after sign-in), used by the server and the web app alike.
 *
 * Accepts a path of this app or an absolute URL of its origin and answers the normalised
 * path ("/create-video?x=1#y"), or null for anything that could leave the app. Browsers are
 * lenient where a prefix check is not: they drop tabs and line breaks inside a URL
 * ("/\t/evil.example" is "//evil.example") and read "\" as "/" ("/\evil.example"), so those
 * are refused outright, and the rest is decided by the URL parser itself.
 */
export function sameOriginPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value === '' || value.length > 2000) return null;
  // C0 controls, DEL, and backslashes (also their full-width look-alikes, which some parsers fold).
  if (/[\u0000-\u001f\u007f\\\uff3c\uff0f]/.test(value)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" normalises to the path "//evil.example": a browser reads that as a host.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}
