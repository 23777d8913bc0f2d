import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFile } from '../../../domains/files/serve';
import { files } from '../../../domains/files/tables';
import { shared } from '../../../test/harness';
import { createS3Storage, S3StorageError } from './s3';
import { type S3Fake, startS3Server } from '../../../test/fakes/storage/s3-server';
import type { StorageProvider } from './types';

// The S3 adapter against a real S3-protocol server on loopback (s3rver).

let s3: S3Fake;
let storage: StorageProvider;
const work = mkdtempSync(join(tmpdir(), 's3-adapter-'));
const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251);

let db: Awaited<ReturnType<typeof shared>>['deps']['db'];
beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3Storage(s3);
  db = (await shared()).deps.db;
}, 120_000);
afterAll(async () => {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

describe('S3 storage adapter (s3rver on loopback)', () => {
  test('put, open (size known), read whole, read a range, delete', async () => {
    await storage.put('videos/a1.mp4', bytes, 'video/mp4');
    const obj = await storage.open('videos/a1.mp4');
    expect(obj).not.toBeNull();
    expect(obj!.size).toBe(bytes.length);
    expect(new Uint8Array(await obj!.arrayBuffer())).toEqual(bytes);
    const part = new Uint8Array(await obj!.slice(1000, 1010).arrayBuffer());
    expect(part).toEqual(bytes.slice(1000, 1010));
    await storage.delete('videos/a1.mp4');
    expect(await storage.open('videos/a1.mp4')).toBeNull();
    // Deleting what is gone is not an error (S3 answers 204 either way).
    await storage.delete('videos/a1.mp4');
  });

  test('putFile copies a file from disk; a missing key opens as null', async () => {
    const path = join(work, 'render.mp4');
    await Bun.write(path, bytes);
    await storage.putFile('renders/r1.mp4', path, 'video/mp4');
    expect((await storage.open('renders/r1.mp4'))!.size).toBe(bytes.length);
    expect(await storage.open('renders/none.mp4')).toBeNull();
  });

  test('the files route serves an S3 object with exact byte ranges (the whole object is never sent for a range)', async () => {
    // serveFile serves only keys with a files row: a public (ownerless) one, in the test database.
    const key = `videos/ranged-${crypto.randomUUID()}.mp4`;
    await storage.put(key, bytes, 'video/mp4');
    await db.insert(files).values({ key, workspaceId: null, kind: 'cache', contentType: 'video/mp4', size: bytes.length });
    const req = (range?: string) => new Request(`http://localhost/files/${key}`, range ? { headers: { range } } : {});
    const serve = (r: Request) => serveFile(db, storage, key, r);

    const whole = await serve(req());
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

    const mid = await serve(req('bytes=100000-100099'));
    expect(mid.status).toBe(206);
    expect(mid.headers.get('content-range')).toBe(`bytes 100000-100099/${bytes.length}`);
    expect(new Uint8Array(await mid.arrayBuffer())).toEqual(bytes.slice(100000, 100100));

    const tail = await serve(req('bytes=-10'));
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(-10));
    expect((await serve(req(`bytes=${bytes.length}-`))).status).toBe(416);
  });

  test('bad credentials and a missing bucket fail with a clear error naming the S3 code', async () => {
    const bad = createS3Storage({ ...s3, accessKeyId: 'NOT-A-KEY' });
    const put = await bad.put('x/y.txt', new TextEncoder().encode('y'), 'text/plain').catch((e) => e);
    expect(put).toBeInstanceOf(S3StorageError);
    expect(put.code).toBe('InvalidAccessKeyId');
    expect(put.message).toBe('S3 storage: put "x/y.txt" failed: InvalidAccessKeyId (The AWS Access Key Id you provided does not exist in our records.)');
    // HEAD answers carry no body: the status alone says it failed; open throws rather than saying "missing".
    expect(await bad.open('x/y.txt').catch((e) => e)).toBeInstanceOf(S3StorageError);

    const noBucket = createS3Storage({ ...s3, bucket: 'no-such-bucket' });
    const err = await noBucket.put('x/y.txt', new TextEncoder().encode('y'), 'text/plain').catch((e) => e);
    expect(err.code).toBe('NoSuchBucket');
  });

  test('a server that does not answer fails clearly instead of hanging', async () => {
    const down = createS3Storage({ ...s3, endpoint: 'http://127.0.0.1:9' });
    const err = await down.put('x/y.txt', new TextEncoder().encode('y'), 'text/plain').catch((e) => e);
    expect(err).toBeInstanceOf(S3StorageError);
    expect(err.message).toStartWith('S3 storage: put "x/y.txt" failed: ConnectionRefused');
  });
});
