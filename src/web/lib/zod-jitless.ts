import { z } from 'zod';

// zod compiles object parsers with `new Function` where it may, and decides so when a schema is
// built. The app's Content-Security-Policy forbids eval (no 'unsafe-eval'), and merely probing for
// it reports a violation. This module is main.tsx's first import, so it runs before any schema is
// built; plain parsing is fast enough for forms.
z.config({ jitless: true });
