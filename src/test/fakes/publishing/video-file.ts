// A file to publish in the adapter tests: ~3 MB of random bytes on disk (the fakes do not decode
// video, they compare the bytes they received with the file: size and sha256).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublishVideo } from '../../../server/providers/publishing/types';

export type TestVideoFile = { video: PublishVideo; sha256: string; remove(): void };

export function makeTestVideoFile(bytes = 3 * 1024 * 1024 + 12_345): TestVideoFile {
  const dir = mkdtempSync(join(tmpdir(), 'publish-'));
  const path = join(dir, 'video.mp4');
  const data = randomBytes(bytes);
  writeFileSync(path, data);
  return {
    video: { path, bytes, durationSec: 42, width: 1080, height: 1920 },
    sha256: createHash('sha256').update(data).digest('hex'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
