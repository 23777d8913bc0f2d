// Security headers for every response, set once in createApp (an onRequest hook fills Elysia's
// `set.headers`, which Elysia merges into whatever the handler answers without overriding the
// handler's own: the server-rendered pages keep their nonce CSP, stored files their sandbox CSP).

/**
 * The built React app: its scripts and styles are files of this origin (the theme is applied by
 * /theme-init.js, not an inline script; React sets style properties through the CSSOM, which CSP
 * does not govern). Images may come from providers (social profile pictures, cloud avatars) over
 * https; previews of picked files are blob: URLs; captions and posters may be data: URLs.
 * 'wasm-unsafe-eval' lets the in-browser face detector compile its own WebAssembly (served from
 * this origin); it allows no JavaScript eval (decision 176).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON, files and anything else that is not a page: nothing may load from it, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

const NOT_PAGES = /^\/(api|trpc|files)(\/|$)/;

/** The headers a response to `pathname` carries unless its handler set its own. */
export function securityHeadersFor(pathname: string): Record<string, string> {
  return { ...COMMON, 'content-security-policy': NOT_PAGES.test(pathname) ? API_CSP : APP_CSP };
}
