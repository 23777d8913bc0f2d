import { join } from 'node:path';
import { runFfmpeg } from '../../media/ffmpeg';
import { prepareVideoAvatar } from '../../media/video-avatar';

/**
 * A clip → a video avatar's files (docs/decisions/219-video-avatars.md): the loop, its reference
 * frame (the avatar's picture), every frame's mesh, and the face cut out as a circle for the library card.
 */
export async function prepareClip(sourcePath: string, workDir: string) {
  const video = await prepareVideoAvatar(sourcePath, workDir);
  const cutoutPath = join(workDir, 'clip-cutout.png');
  // Transparent outside the circle, as a photo's card.
  await runFfmpeg(
    [
      '-i',
      video.squarePath,
      '-vf',
      "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*clip(W/2-hypot(X+0.5-W/2,Y+0.5-H/2),0,1)'",
      '-frames:v',
      '1',
      cutoutPath,
    ],
    { timeoutMs: 30_000, label: 'circle mask' },
  );
  return { ...video, cutoutPath };
}
