const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing request that a browser marks as coming from
 * another origin is refused. Requests without Origin (curl, API-key clients,
 * mail clients' one-click unsubscribe) carry no ambient cookie risk from a page.
 */
export function isForeignOrigin(request: Request, appOrigin?: string): boolean {
  if (SAFE.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (!origin) return request.headers.get('sec-fetch-site') === 'cross-site';
  // Browsers send `Origin: null` for forms on pages with a no-referrer policy (the sandbox consent
  // page, among others). Sec-Fetch-Site is set by the browser alone, so it still tells us the truth.
  if (origin === 'null') return request.headers.get('sec-fetch-site') !== 'same-origin';
  if (appOrigin && origin === appOrigin) return false;
  return origin !== new URL(request.url).origin;
}
