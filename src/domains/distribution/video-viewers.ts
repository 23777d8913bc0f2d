import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { inWorkspace, type Scope } from '../../server/scope';
import { rowsOf } from '../tracking/aggregates';
import { videos } from '../videos/tables';

type Row = {
  key: string;
  name: string | null;
  address: string | null;
  channel: string;
  opened_at: Date | string | null;
  viewed: boolean | null;
  watched: number | null;
  cta: boolean | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * My Videos → Viewers: who opened the video's pages, how much they watched, whether they clicked,
 * with or without a campaign. One row per recipient it was delivered to (never opened included), and
 * one per anonymous viewer of its share link; the most recent activity first.
 */
export async function videoViewers(opts: { db: Db; scope: Scope; videoId: string }) {
  const { db, scope, videoId } = opts;
  const [video] = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(and(eq(videos.id, videoId), inWorkspace(videos, scope)));
  if (!video) throw notFound('Video not found');
  const ws = scope.workspaceId;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with ev as (
        select e.viewer, e.delivery_token,
          min(e.created_at) filter (where e.event in ('open', 'view')) as opened_at,
          bool_or(e.event = 'view') as viewed,
          max(e.percent) filter (where e.event = 'progress') as watched,
          bool_or(e.event = 'cta') as cta
        from tracking_events e
        where e.workspace_id = ${ws} and e.video_id = ${video.id}
        group by e.viewer, e.delivery_token
      )
      select 'd:' || d.id as key, coalesce(d.recipient_name, d.address) as name, d.address, d.platform as channel,
        min(ev.opened_at) as opened_at, bool_or(ev.viewed) as viewed, max(ev.watched) as watched, bool_or(ev.cta) as cta
      from deliveries d
      left join ev on ev.delivery_token = d.token
      where d.workspace_id = ${ws} and d.video_id = ${video.id} and d.status = 'sent'
      group by d.id
      union all
      select 'a:' || ev.viewer as key, null as name, null as address, 'share' as channel, ev.opened_at, ev.viewed, ev.watched, ev.cta
      from ev
      where ev.viewer like 'a:%'
      order by opened_at desc nulls last, key
      limit 500`),
  );
  return {
    videoId: video.id,
    title: video.title,
    viewers: rows.map((r) => ({
      key: r.key,
      /** The recipient's name or address; null for an anonymous viewer of the share link. */
      name: r.name,
      address: r.address,
      channel: r.channel,
      openedAt: iso(r.opened_at),
      /** The highest share watched, in %; null when never played. */
      watched: r.viewed ? Number(r.watched ?? 0) : null,
      clicked: !!r.cta,
    })),
  };
}
