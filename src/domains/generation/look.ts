import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MediaError } from '../../media/errors';
import { frameSize } from '../../media/layout';
import { recordedSpeech } from '../../media/recorded-speech';
import { isVideoMeta } from '../../media/video-avatar';
import type { AvatarInput, BackgroundInput, VideoLook } from '../../media/render';
import { localSpeech } from '../../media/tts';
import type { Db } from '../../server/db/client';
import type { StorageProvider } from '../../server/providers/storage/types';
import { TEMPLATES_BY_ID } from '../../shared/templates';
import { customAvatars } from '../avatars/tables';
import { renderTemplateBackground } from '../templates/art';
import { copyStoredFile } from '../files/assets';
import { recordedTakes } from './recordings';
import { backgrounds, type RenderSpec } from './tables';
import { inWorkspace, type Scope } from '../../server/scope';

/**
 * A stored render spec as the local engine takes it: custom avatars and uploaded backgrounds
 * are copied out of storage into `workDir`, template backgrounds drawn at the output size.
 * Used by the render job and by per-recipient renders, which must look the same.
 */
export async function engineLook(opts: {
  db: Db;
  storage: StorageProvider;
  spec: RenderSpec;
  /** The video's workspace: an uploaded background is read only from it. */
  scope: Pick<Scope, 'workspaceId'>;
  resolution: VideoLook['resolution'];
  workDir: string;
  /** The configured voice provider (providers.tts); eSpeak when omitted. */
  speech?: VideoLook['speech'];
}): Promise<Omit<VideoLook, 'workDir'>> {
  const { spec } = opts;
  return {
    speech: await speechOf(opts),
    voiceId: spec.voiceId,
    avatar: await avatarInput(opts),
    background: await backgroundInput(opts),
    resolution: opts.resolution,
    aspectRatio: spec.aspectRatio,
    captions: spec.captions,
    avatarStyle: spec.avatarStyle,
    offsetX: spec.offsetX,
    offsetY: spec.offsetY,
    circleBackgroundColor: spec.circleBackgroundColor,
  };
}

/**
 * Who speaks: the configured voice provider, or, with the rep's recording, the takes, and that provider's
 * voice (spec.voiceId) for the sentences the rep did not record (decision 221). A cloned voice of the
 * workspace is one of the provider's voices: choosing it makes those sentences the rep's voice too.
 */
async function speechOf({ db, storage, spec, scope, workDir, speech }: Parameters<typeof engineLook>[0]): Promise<VideoLook['speech']> {
  if (!spec.voiceRecordingId) return speech;
  const dir = join(workDir, 'recording');
  await mkdir(dir, { recursive: true });
  const takes = await recordedTakes({ db, storage, scope, id: spec.voiceRecordingId, dir });
  return recordedSpeech({ takes, synthetic: speech ?? localSpeech });
}

async function avatarInput({ db, storage, spec, workDir }: Parameters<typeof engineLook>[0]): Promise<AvatarInput> {
  if (spec.avatar.kind === 'stock') return { kind: 'stock', index: spec.avatar.index };
  if (spec.avatar.kind === 'provider') throw new MediaError('INVALID_INPUT', 'This avatar is rendered by its video provider, not on this machine');
  const [row] = await db
    .select({ imageUrl: customAvatars.imageUrl, rigUrl: customAvatars.rigUrl, rig: customAvatars.rig, clipUrl: customAvatars.clipUrl })
    .from(customAvatars)
    .where(eq(customAvatars.id, spec.avatar.id));
  const path = join(workDir, 'avatar.png');
  if (!row?.imageUrl || !(await copyStoredFile(storage, row.imageUrl, path)))
    throw new MediaError('INVALID_INPUT', 'The custom avatar of this video no longer exists');
  const meta = row.rig;
  if (isVideoMeta(meta)) {
    // A video avatar: its loop and reference frame.
    const loopPath = join(workDir, 'avatar-loop.mp4');
    if (!row.clipUrl || !(await copyStoredFile(storage, row.clipUrl, loopPath)))
      throw new MediaError('INVALID_INPUT', 'The custom avatar of this video no longer exists');
    return { kind: 'video', loopPath, imagePath: path, meta };
  }
  // The talking-photo frames made when the avatar was prepared (avatars from before them only move).
  const atlasPath = join(workDir, 'avatar-rig.png');
  if (meta?.version === 2) return { kind: 'photo', imagePath: path, rig: { meta } };
  const rig = meta && row.rigUrl && (await copyStoredFile(storage, row.rigUrl, atlasPath)) ? { atlasPath, meta } : undefined;
  return { kind: 'photo', imagePath: path, rig };
}

async function backgroundInput({ db, storage, spec, scope, resolution, workDir }: Parameters<typeof engineLook>[0]): Promise<BackgroundInput> {
  const bg = spec.background;
  if (bg.kind === 'color') return { kind: 'color', color: bg.color };
  if (bg.kind === 'template') {
    const t = TEMPLATES_BY_ID.get(bg.templateId);
    if (!t) throw new MediaError('INVALID_INPUT', 'The template of this video no longer exists');
    if (t.background.type === 'color') return { kind: 'color', color: t.background.value };
    const { width, height } = frameSize(resolution, spec.aspectRatio);
    const path = join(workDir, 'background.png');
    await Bun.write(path, renderTemplateBackground(t, width, height));
    return { kind: 'image', path };
  }
  const [row] = await db
    .select()
    .from(backgrounds)
    .where(and(eq(backgrounds.id, bg.id), inWorkspace(backgrounds, scope)));
  const path = join(workDir, 'background-upload');
  if (!row || !(await copyStoredFile(storage, row.url, path))) throw new MediaError('INVALID_INPUT', 'The background image of this video no longer exists');
  return { kind: 'image', path };
}
