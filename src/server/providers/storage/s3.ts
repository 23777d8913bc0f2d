import { S3Client } from 'bun';
import type { StorageProvider, StoredObject } from './types';

/** An S3 error, said plainly: what failed, on which key, and the service's code (InvalidAccessKeyId, NoSuchBucket …). */
export class S3StorageError extends Error {
  constructor(
    readonly operation: string,
    readonly key: string,
    readonly code: string,
    detail: string,
  ) {
    super(`S3 storage: ${operation} "${key}" failed: ${code} (${detail})`);
    this.name = 'S3StorageError';
  }
}

const codeOf = (e: unknown) => (e as { code?: string }).code ?? 'Error';

async function attempt<T>(operation: string, key: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new S3StorageError(operation, key, codeOf(e), e instanceof Error ? e.message : String(e));
  }
}

/**
 * Any S3-compatible service (AWS, MinIO, R2 …) through Bun's own client: it signs requests itself
 * (SigV4), no SDK. Tested against s3rver on loopback (s3.test.ts, topology.test.ts).
 */
export function createS3Storage(opts: { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string }): StorageProvider {
  const client = new S3Client(opts);
  return {
    name: 's3',
    async put(key, data, contentType) {
      await attempt('put', key, () => client.write(key, data, { type: contentType }));
    },
    async putFile(key, path, contentType) {
      await attempt('put', key, () => client.write(key, Bun.file(path), { type: contentType }));
    },
    async open(key) {
      // One HEAD: an S3File does not know its size (NaN) until asked, and byte ranges need it.
      // The slice over the whole object is a Blob of known size; reading it (or a slice of it)
      // sends one ranged GET.
      let size: number;
      try {
        size = (await client.stat(key)).size;
      } catch (e) {
        if (codeOf(e) === 'NoSuchKey') return null;
        throw new S3StorageError('open', key, codeOf(e), e instanceof Error ? e.message : String(e));
      }
      return client.file(key).slice(0, size) as StoredObject;
    },
    async delete(key) {
      await attempt('delete', key, () => client.delete(key));
    },
    async check() {
      // One key at most: proves the endpoint answers and the credentials may read the bucket.
      await client.list({ maxKeys: 1 });
    },
  };
}
