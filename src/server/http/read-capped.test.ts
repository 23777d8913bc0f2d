import { describe, expect, test } from 'bun:test';
import { readCapped } from './read-capped';

const streamOf = (...chunks: number[][]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(new Uint8Array(chunk));
        c.close();
      },
    }),
  );

describe('readCapped', () => {
  test('joins the chunks of a body within the cap', async () => {
    expect([...(await readCapped(streamOf([1, 2], [3], [4, 5]), 5, () => new Error('too large')))]).toEqual([1, 2, 3, 4, 5]);
    expect((await readCapped(new Response(null), 5, () => new Error('too large'))).length).toBe(0);
  });

  test('throws the caller’s error once the body passes the cap', async () => {
    await expect(readCapped(streamOf([1, 2], [3, 4]), 3, () => new RangeError('over 3 bytes'))).rejects.toThrow('over 3 bytes');
  });
});
