import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import { invalidInput } from '../../server/http/app-error';
import type { StorageProvider } from '../../server/providers/storage/types';
import type { PublishVideo } from '../../server/providers/publishing/types';
import { keyFromUrl } from '../files/service';
import { PUBLISHING_MESSAGES as M } from './messages';

/**
 * The video's file on local disk, for the platform's upload: the stored file itself (local storage),
 * else a temporary copy (S3), removed by `done`. A video whose file is elsewhere cannot be published.
 */
export async function openVideoFile(storage: StorageProvider, videoUrl: string | null): Promise<{ path: string; bytes: number; done: () => Promise<void> }> {
  const key = keyFromUrl(videoUrl);
  const obj = key ? await storage.open(key) : null;
  if (!obj) throw invalidInput(M.noFile);
  const local = (obj as { name?: unknown }).name;
  if (storage.name === 'local' && typeof local === 'string') return { path: local, bytes: obj.size, done: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), 'publish-'));
  const path = join(dir, 'video.mp4');
  await Bun.write(path, obj);
  return { path, bytes: obj.size, done: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * What the platform rules read: the length the render recorded (else the file's), the size, the
 * picture's dimensions (0 when the file cannot be read: the platform will say).
 */
export async function videoFacts(file: { path: string; bytes: number }, recordedSec: number | null): Promise<PublishVideo> {
  const probed = await probe(file.path).catch(() => null);
  return {
    path: file.path,
    bytes: file.bytes,
    durationSec: recordedSec ?? probed?.durationSec ?? 0,
    width: probed?.video?.width ?? 0,
    height: probed?.video?.height ?? 0,
  };
}

/** The facts of a stored video, the copy removed after. */
export async function factsOfVideo(storage: StorageProvider, video: { videoUrl: string | null; duration: number | null }): Promise<PublishVideo> {
  const file = await openVideoFile(storage, video.videoUrl);
  try {
    return await videoFacts(file, video.duration);
  } finally {
    await file.done();
  }
}
