import { S3Client } from 'bun';
import type { StorageProvider } from './types';

export function createS3Storage(opts: { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string }): StorageProvider {
  const client = new S3Client(opts);
  return {
    name: 's3',
    async put(key, data, contentType) {
      await client.write(key, data, { type: contentType });
    },
    async putFile(key, path, contentType) {
      await client.write(key, Bun.file(path), { type: contentType });
    },
    async open(key) {
      const f = client.file(key);
      return (await f.exists()) ? (f as unknown as Blob) : null;
    },
    async delete(key) {
      await client.delete(key);
    },
    async check() {
      // One key at most: proves the endpoint answers and the credentials may read the bucket.
      await client.list({ maxKeys: 1 });
    },
  };
}
