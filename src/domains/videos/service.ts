import { previewLabel, variablesOf } from '../../shared/variables';
import { and, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { afterCursor, decodeCursor, fetchSize, timestampKey, toPage } from '../../server/db/keyset';
import { likePattern } from '../../server/db/like';
import type { Page, TPage } from '../../shared/paging';
import { AppError, invalidInput, notFound } from '../../server/http/app-error';
import { newId } from '../../shared/ids';
import { assertOwnCampaign } from '../campaigns/owned';
import { campaigns } from '../campaigns/tables';
import { keyFromUrl } from '../files/service';
import { files } from '../files/tables';
import { moveVideoStats } from '../tracking/aggregates';
import { videoStats } from '../tracking/tables';
import { VIDEO_LIST_FILTERS, VIDEO_MESSAGES, type TCreateVideo, type TListVideos, type TUpdateVideo } from './schemas';
import { videos, type VideoRow } from './tables';
import { createdIn, inWorkspace, type Scope } from '../../server/scope';

export const VIDEO_NOT_FOUND = 'Video not found';

/** A video as every screen reads it: the row, its tracked views, and `url` as another name for videoUrl. */
export function toVideo(row: VideoRow, views: number) {
  return {
    id: row.id,
    title: row.title,
    /** With its placeholders: each recipient's values are filled in when the video is sent. */
    script: row.script,
    /** The script's variables, lower-case, in order of first use. */
    variables: variablesOf(row.script),
    /** What the preview render said for each variable ("Preview for Jane"), and each variable's fallback. */
    previewValues: row.previewValues ?? null,
    variableFallbacks: row.variableFallbacks ?? null,
    /** The name the preview greets ("Jane"): the file is a preview, not what recipients get. */
    previewFor: previewLabel(row.script, row.previewValues),
    status: row.status,
    duration: row.duration,
    thumbnail: row.thumbnail,
    videoUrl: row.videoUrl,
    url: row.videoUrl,
    avatarId: row.avatarId,
    avatarType: row.avatarType,
    voiceId: row.voiceId,
    backgroundId: row.backgroundId,
    templateId: row.templateId,
    templateType: row.templateType,
    campaignId: row.campaignId,
    platforms: row.platforms,
    resolution: row.resolution,
    progress: row.progress,
    errorMessage: row.errorMessage,
    views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type Video = ReturnType<typeof toVideo>;

/** The videos columns plus their view counter, in one select. */
export const videoWithViews = { ...getTableColumns(videos), views: sql<number>`coalesce(${videoStats.views}, 0)::int` };

/** Rows of videos with their views (one query): the caller scopes them to a workspace. */
export function selectVideos(db: Db) {
  return db.select(videoWithViews).from(videos).leftJoin(videoStats, eq(videoStats.videoId, videos.id));
}

const mapRow = ({ views, ...row }: VideoRow & { views: number }) => toVideo(row, Number(views));

/**
 * One page of the workspace's videos that meet `where`, newest first: keyset on (created_at, id), an
 * index range on videos (workspace_id | campaign_id, created_at, id).
 */
export async function pageOfVideos(db: Db, scope: Scope, query: TPage, ...where: (SQL | undefined)[]): Promise<Page<Video>> {
  const rows = await db
    .select({ ...videoWithViews, cursorKey: timestampKey(videos.createdAt) })
    .from(videos)
    .leftJoin(videoStats, eq(videoStats.videoId, videos.id))
    .where(and(inWorkspace(videos, scope), ...where, afterCursor(videos.createdAt, videos.id, decodeCursor(query.cursor), 'desc')))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(fetchSize(query));
  return toPage(
    rows,
    query,
    (r) => ({ key: r.cursorKey, id: r.id }),
    ({ cursorKey: _k, ...r }) => mapRow(r),
  );
}

/** One page of the workspace's videos (or of one campaign's), filtered by the server. */
export async function listVideos(opts: { db: Db; scope: Scope; query?: TListVideos }): Promise<Page<Video>> {
  const { db, scope, query = {} } = opts;
  const { campaignId, q, filter } = query;
  if (campaignId) await assertOwnCampaign({ db, scope, campaignId });
  const needle = q ? likePattern(q) : null;
  return pageOfVideos(
    db,
    scope,
    query,
    campaignId ? eq(videos.campaignId, campaignId) : undefined,
    filter ? inArray(videos.status, [...VIDEO_LIST_FILTERS[filter]]) : undefined,
    needle ? or(ilike(videos.title, needle), ilike(videos.script, needle)) : undefined,
  );
}

export async function getVideo(opts: { db: Db; scope: Scope; id: string }) {
  const [row] = await selectVideos(opts.db).where(and(eq(videos.id, opts.id), inWorkspace(videos, opts.scope)));
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  return mapRow(row);
}

/** A /files/ address must name a file of this workspace; http(s) links are kept as given. */
async function assertOwnFiles(db: Db, scope: Scope, checks: { url: string | null | undefined; message: string }[]) {
  const wanted = checks.map((c) => ({ ...c, key: keyFromUrl(c.url) })).filter((c) => c.key);
  if (wanted.length === 0) return;
  const owned = await db
    .select({ key: files.key })
    .from(files)
    .where(
      and(
        inWorkspace(files, scope),
        inArray(
          files.key,
          wanted.map((c) => c.key!),
        ),
      ),
    );
  const ok = new Set(owned.map((f) => f.key));
  for (const c of wanted) if (!ok.has(c.key!)) throw invalidInput(c.message);
}

/** Saves a finished video (the creation wizard's last step). */
export async function createVideo(opts: { db: Db; scope: Scope; input: TCreateVideo }) {
  const { db, scope, input } = opts;
  const videoUrl = input.videoUrl ?? input.url ?? null;
  await assertOwnFiles(db, scope, [
    { url: videoUrl, message: VIDEO_MESSAGES.url },
    { url: input.thumbnail, message: VIDEO_MESSAGES.thumbnail },
  ]);
  if (input.campaignId) await assertOwnCampaign({ db, scope, campaignId: input.campaignId });
  const status = input.status ?? 'completed';
  const [row] = await db
    .insert(videos)
    .values({
      id: newId(),
      ...createdIn(scope),
      title: input.title,
      script: input.script ?? null,
      status,
      duration: input.duration ?? null,
      thumbnail: input.thumbnail ?? null,
      videoUrl,
      avatarId: input.avatarId ?? null,
      avatarType: input.avatarType ?? null,
      voiceId: input.voiceId ?? null,
      backgroundId: input.backgroundId ?? null,
      templateId: input.templateId ?? null,
      templateType: input.templateType ?? input.customTemplateType ?? null,
      providerJobId: input.processingJobId ?? null,
      campaignId: input.campaignId ?? null,
      platforms: input.platforms ?? [],
      progress: status === 'completed' || status === 'published' ? 100 : 0,
    })
    .returning();
  return toVideo(row, 0);
}

export async function updateVideo(opts: { db: Db; scope: Scope; id: string; input: TUpdateVideo }) {
  const { db, scope, id, input } = opts;
  const current = await getVideo({ db, scope, id });
  if (input.campaignId) await assertOwnCampaign({ db, scope, campaignId: input.campaignId });
  if (input.status === 'published' && current.status !== 'published' && (current.status !== 'completed' || !current.videoUrl))
    throw new AppError('INVALID_INPUT', VIDEO_MESSAGES.notFinished);
  const patch: Partial<typeof videos.$inferInsert> = { updatedAt: new Date() };
  if (input.title !== undefined) patch.title = input.title;
  if (input.campaignId !== undefined) patch.campaignId = input.campaignId;
  if (input.status !== undefined) patch.status = input.status;
  if (input.platforms !== undefined) patch.platforms = [...new Set(input.platforms)];
  const [row] = await db
    .update(videos)
    .set(patch)
    .where(and(eq(videos.id, id), inWorkspace(videos, scope)))
    .returning();
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  if (input.campaignId !== undefined && input.campaignId !== current.campaignId)
    await moveVideoStats({ db, scope, videoIds: [id], campaignId: input.campaignId });
  if (row.status === 'published') await activateDraftCampaigns(db, scope.workspaceId, [row.id]);
  return toVideo(row, current.views);
}

/**
 * A campaign holding a published video (published by hand, or sent to someone) is under way: a
 * draft one becomes active. Called wherever a video is published or a published one joins a campaign.
 */
export async function activateDraftCampaigns(db: Db, workspaceId: string, videoIds: string[]) {
  if (!videoIds.length) return;
  const holding = db
    .select({ id: videos.campaignId })
    .from(videos)
    .where(and(eq(videos.workspaceId, workspaceId), inArray(videos.id, videoIds), eq(videos.status, 'published')));
  await db
    .update(campaigns)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.status, 'draft'), inArray(campaigns.id, holding)));
}

/** A video sent to a recipient is published (it counts as such in its campaign), once it was completed. */
export async function publishSentVideo(db: Db, workspaceId: string, videoId: string) {
  await db
    .update(videos)
    .set({ status: 'published', updatedAt: new Date() })
    .where(and(eq(videos.id, videoId), eq(videos.workspaceId, workspaceId), eq(videos.status, 'completed')));
  await activateDraftCampaigns(db, workspaceId, [videoId]);
}

// Deleting a video (with everything made from it) is in video-library/removal.ts.
