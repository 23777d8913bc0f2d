// zod compiles object parsers with `new Function` where it may, and decides so when a schema is
// built. The app's Content-Security-Policy forbids eval (no 'unsafe-eval'), and merely probing for
// it reports a violation. This module is main.tsx's first import, so it runs before zod loads.
//
// zod keeps its config on `globalThis.__zod_globalConfig` and only creates it when absent
// (zod/v4/core/core.js); setting it here avoids importing zod (≈12 KB) into the landing page's
// initial bundle. e2e/security.spec.ts fails on any CSP violation, so a zod that stops reading this
// object is caught.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
