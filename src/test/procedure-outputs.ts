import type { AnyRouter } from '@trpc/server';

/**
 * The paths of a router's procedures that declare no output schema (`.output(Z…)`): every tRPC
 * procedure has one, so that what it answers is checked and typed by one schema.
 */
export function proceduresWithoutOutput(router: AnyRouter): string[] {
  const procedures = router._def.procedures as Record<string, { _def: { output?: unknown } }>;
  return Object.entries(procedures)
    .filter(([, procedure]) => procedure._def.output === undefined)
    .map(([path]) => path);
}

/** How many procedures the router has (a test also checks it found some). */
export const procedureCount = (router: AnyRouter) => Object.keys(router._def.procedures).length;
