import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { invalidInput, notFound } from '../../server/http/app-error';
import { keyFromUrl } from '../files/service';
import { renderTasks } from '../generation/tables';
import { VIDEO_NOT_FOUND } from '../videos/service';
import { videos } from '../videos/tables';
import { inWorkspace, type Scope } from '../../server/scope';

// Reading a video back out: its file as a download, and its choices for a new video.

export const LIBRARY_MESSAGES = {
  noFile: 'This video has no file to download yet',
  elsewhere: 'This video is stored elsewhere: open its link to download it',
} as const;

async function own(db: Db, scope: Scope, id: string) {
  const [row] = await db
    .select({ video: videos, spec: renderTasks.spec })
    .from(videos)
    .leftJoin(renderTasks, eq(renderTasks.videoId, videos.id))
    .where(and(eq(videos.id, id), inWorkspace(videos, scope)));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return row;
}

/**
 * A file name any system accepts: the title in ASCII (accents dropped, anything else but letters,
 * digits, dot, dash and underscore removed), at most 80 characters, never empty or hidden.
 */
export function safeFileName(title: string, ext = 'mp4'): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]+/g, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 80);
  return `${ascii || 'video'}.${ext}`;
}

/** `Content-Disposition: attachment` with the ASCII name and the title itself (RFC 6266 / 5987). */
export function attachmentHeader(title: string, ext = 'mp4'): string {
  const utf8 = `${
    title
      .replace(/[\u0000-\u001f\u007f/\\]/g, ' ')
      .trim()
      .slice(0, 120) || 'video'
  }.${ext}`;
  return `attachment; filename="${safeFileName(title, ext)}"; filename*=UTF-8''${encodeURIComponent(utf8).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** The stored file of the workspace's video and the header to download it with. */
export async function videoDownload(opts: { db: Db; scope: Scope; id: string }) {
  const { video } = await own(opts.db, opts.scope, opts.id);
  if (!video.videoUrl) throw notFound(LIBRARY_MESSAGES.noFile);
  const key = keyFromUrl(video.videoUrl);
  if (!key) throw invalidInput(LIBRARY_MESSAGES.elsewhere);
  return { key, disposition: attachmentHeader(video.title) };
}

/**
 * What the wizard reopens with for "duplicate and edit": the script (with its variables), the
 * preview values and fallbacks, the avatar, voice, look and template. Saving in the wizard makes
 * a new video; the original is only read.
 */
export async function videoDraft(opts: { db: Db; scope: Scope; id: string }) {
  const { video: v, spec } = await own(opts.db, opts.scope, opts.id);
  return {
    sourceId: v.id,
    title: v.title,
    script: v.script ?? '',
    previewValues: v.previewValues ?? {},
    fallbacks: Object.fromEntries(Object.entries(v.variableFallbacks ?? {}).map(([k, f]) => [k, f ?? ''])),
    avatar: spec
      ? { id: spec.avatar.id, type: spec.avatar.kind, gender: spec.avatar.gender }
      : v.avatarId
        ? { id: v.avatarId, type: v.avatarType, gender: null }
        : null,
    voiceId: spec?.voiceId ?? v.voiceId,
    templateId: spec?.background.kind === 'template' ? spec.background.templateId : v.templateId,
    look: spec
      ? {
          avatarStyle: spec.avatarStyle,
          offsetX: spec.offsetX,
          offsetY: spec.offsetY,
          matting: spec.matting,
          circleBackgroundColor: spec.circleBackgroundColor,
        }
      : null,
  };
}
export type VideoDraft = Awaited<ReturnType<typeof videoDraft>>;
