import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { invalidInput, notFound } from '../../server/http/app-error';
import { inWorkspace, type Scope } from '../../server/scope';
import { id } from '../../shared/zod-text';
import { videos } from '../videos/tables';
import { GENERATION_MESSAGES } from './schemas';
import { type GenDeps, startRender } from './service';
import { type RenderSpec, renderTasks } from './tables';

// Another shape of a finished video (a vertical version for Instagram Reels, docs/decisions/229): the
// same script, presenter, voice, background, captions and variables, rendered again as a new video. It
// is a render like any other: the plan's limits and credits apply.

export const ASPECT_RATIOS = ['landscape', 'portrait', 'square'] as const;
export const ZReframeInput = z.object({ videoId: id('videoId'), aspectRatio: z.enum(ASPECT_RATIOS) }).strict();
export const ZReframeReply = z.object({ videoId: z.string(), taskId: z.string(), status: z.literal('processing') });

const SHAPE_WORDS: Record<RenderSpec['aspectRatio'], string> = { landscape: 'landscape', portrait: 'vertical', square: 'square' };
export const REFRAME_MESSAGES = {
  landscape: 'This video is already landscape',
  portrait: 'This video is already vertical',
  square: 'This video is already square',
  notFinished: 'Only a finished video can be rendered in another shape',
} as const;

/** The render's background as the render form names it: a colour, `template-<id>` or an uploaded background's id. */
function backgroundIdOf(b: RenderSpec['background']): string {
  if (b.kind === 'color') return b.color;
  if (b.kind === 'template') return `template-${b.templateId}`;
  return b.id;
}

export async function startReframe(deps: GenDeps & { scope: Scope; videoId: string; aspectRatio: RenderSpec['aspectRatio'] }) {
  const { db, scope } = deps;
  const [row] = await db
    .select({ video: videos, spec: renderTasks.spec })
    .from(videos)
    .innerJoin(renderTasks, eq(renderTasks.videoId, videos.id))
    .where(and(eq(videos.id, deps.videoId), inWorkspace(videos, scope)));
  if (!row) throw notFound(GENERATION_MESSAGES.videoNotFound);
  const { video, spec } = row;
  if (video.status !== 'completed') throw invalidInput(REFRAME_MESSAGES.notFinished);
  if (spec.aspectRatio === deps.aspectRatio) throw invalidInput(REFRAME_MESSAGES[spec.aspectRatio]);
  return startRender(deps, scope, {
    kind: 'talk',
    script: video.script ?? '',
    avatarId: spec.avatar.id,
    template: undefined,
    look: {
      title: `${video.title} (${SHAPE_WORDS[deps.aspectRatio]})`.slice(0, 200),
      voiceId: spec.voiceId,
      backgroundId: backgroundIdOf(spec.background),
      aspectRatio: deps.aspectRatio,
      captions: spec.captions,
      avatarStyle: spec.avatarStyle,
      offsetX: spec.offsetX,
      offsetY: spec.offsetY,
      matting: spec.matting,
      circleBackgroundColor: spec.circleBackgroundColor,
      ...(spec.voiceRecordingId ? { voiceRecordingId: spec.voiceRecordingId } : {}),
    },
    previewValues: video.previewValues ?? undefined,
    fallbacks: video.variableFallbacks ?? undefined,
  });
}
