import type { VideoVendor } from '../../shared/integrations';
import { doublePrecision, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ownedColumns } from '../workspaces/tables';
import { videos } from '../videos/tables';
import { createdAtColumn } from '../../server/db/columns';

/** What the render job needs besides the script (kept on the task, so a retry renders the same video). */
export type RenderSpec = {
  avatar:
    | { kind: 'stock'; id: string; index: number; gender: 'male' | 'female' }
    | { kind: 'custom'; id: string; gender: string }
    /** A connected video provider's own avatar (docs/decisions/220): rendered by `vendor` only. */
    | { kind: 'provider'; id: string; vendor: VideoVendor; avatarId: string; gender: 'male' | 'female' };
  voiceId: string;
  background: { kind: 'color'; color: string } | { kind: 'template'; templateId: string } | { kind: 'upload'; id: string };
  aspectRatio: 'landscape' | 'portrait' | 'square';
  captions: 'burned' | 'soft' | 'none';
  avatarStyle: 'normal' | 'circle' | 'closeUp';
  offsetX: number;
  offsetY: number;
  matting: boolean;
  circleBackgroundColor: string;
  /** The rep's own recording speaks the script; the voice (voiceId) says the sentences with variables (decision 221). */
  voiceRecordingId?: string;
};

/**
 * One render request: a talk task (a clip in My Video Clips) or a template generation.
 * Its state lives on the videos row it fills; `queueJob` names the pg-boss job now in charge.
 */
export const renderTasks = pgTable(
  'render_tasks',
  {
    /** id: the taskId the API hands out (longer than 20 characters, as the spec's status routing expects); workspaceId: the workspace it belongs to. */
    ...ownedColumns(),
    videoId: text('video_id')
      .notNull()
      .unique()
      .references(() => videos.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'talk' | 'template'>().notNull(),
    name: text('name').notNull(),
    spec: jsonb('spec').$type<RenderSpec>().notNull(),
    queueJob: text('queue_job'),
    /** The origin of the request that started it (APP_URL, else the request's), for the links of its notice e-mail. */
    linkOrigin: text('link_origin'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('render_tasks_user_idx').on(t.workspaceId, t.kind, t.createdAt, t.id)],
);
export type RenderTaskRow = typeof renderTasks.$inferSelect;

/** Background images the user uploaded for their videos. */
export const backgrounds = pgTable(
  'backgrounds',
  {
    ...ownedColumns(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('backgrounds_user_idx').on(t.workspaceId, t.createdAt)],
);
export type BackgroundRow = typeof backgrounds.$inferSelect;

/** One recorded sentence: the teleprompter's text and the take as the browser recorded it. */
export type RecordedTakeRow = { text: string; fileKey: string; contentType: string; durationSec: number };

/** The rep reading a script, sentence by sentence (decision 221): a render speaks with these takes. */
export const voiceRecordings = pgTable(
  'voice_recordings',
  {
    ...ownedColumns(),
    takes: jsonb('takes').$type<RecordedTakeRow[]>().notNull(),
    durationSec: doublePrecision('duration_sec').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('voice_recordings_workspace_idx').on(t.workspaceId, t.createdAt)],
);
export type VoiceRecordingRow = typeof voiceRecordings.$inferSelect;
