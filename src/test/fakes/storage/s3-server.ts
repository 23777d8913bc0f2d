import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

// A local S3-compatible server on loopback for tests and the topology bench: s3rver speaks the
// real REST protocol (SigV4 headers, ranged GET, HEAD, DELETE, XML errors). It checks the access
// key id (an unknown one answers InvalidAccessKeyId) but not the SigV4 signature itself
// (docs/decisions/190-topology.md). Its one account: S3RVER / S3RVER.

export type S3Fake = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The bucket's objects on disk (s3rver keeps each object as a file under this folder). */
  directory: string;
  close(): Promise<void>;
};

export async function startS3Server(bucket = 'media'): Promise<S3Fake> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
