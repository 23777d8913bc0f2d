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
