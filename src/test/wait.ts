import type { TestClient } from './harness';

/** Polls a GET until `done(data)` holds (or the time runs out) and returns the last answer. */
export async function pollUntil(client: TestClient, path: string, done: (data: any) => boolean, ms = 45_000) {
  const end = Date.now() + ms;
  let last: { status: number; data: any } = await client.get(path);
  while (!done(last.data) && Date.now() < end) {
    await Bun.sleep(150);
    last = await client.get(path);
  }
  return last;
}

/** A video status that left processing (completed or failed). */
export const settled = (d: any) => d && d.status !== 'processing';

/** Polls `cond` every 50 ms until it holds or `ms` runs out; answers its last verdict. */
export async function waitUntil(cond: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await Bun.sleep(50);
  }
  return cond();
}

/**
 * How long a test waits for personal renders (a send's, a share's, one recipient's). Alone they take
 * 3–10 s; CI runs the PGlite and PostgreSQL suites side by side on two cores, and there a send of three
 * personalised videos has taken over two minutes. Waiting longer costs nothing when they are fast, and a
 * render that never ends still fails the test.
 */
export const RENDER_WAIT_MS = 300_000;
