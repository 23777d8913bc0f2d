import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { JobQueue } from '../../server/jobs/queue';
import type { Logger } from '../../server/log';
import { rowsOf } from '../tracking/aggregates';
import { recordNotice } from './record';

const DAY_MS = 86_400_000;

type Row = { user_id: string; workspace_id: string; opened: number; played: number; finished: number; clicked: number };

/**
 * The daily summary (the Analytics topic, decision 225): per sender and workspace, what recipients did
 * on the UTC day before `now` with the videos they sent (a delivery's sender, else the video's creator).
 * One notice per user, workspace and day, however often it runs.
 */
export async function sendDigests(deps: { db: Db; queue: Pick<JobQueue, 'send'>; log: Logger }, now = new Date()) {
  const end = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const start = new Date(end.getTime() - DAY_MS);
  const day = start.toISOString().slice(0, 10);
  const rows = rowsOf<Row>(
    await deps.db.execute(sql`
      select coalesce(dist.created_by, v.created_by) as user_id, e.workspace_id,
        count(distinct e.viewer) filter (where e.event = 'open')::int as opened,
        count(*) filter (where e.event = 'view')::int as played,
        count(*) filter (where e.event = 'progress' and e.percent >= 100)::int as finished,
        count(*) filter (where e.event = 'cta')::int as clicked
      from tracking_events e
      join videos v on v.id = e.video_id
      left join deliveries d on d.token = e.delivery_token
      left join distributions dist on dist.id = d.distribution_id
      where e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz
      group by 1, 2`),
  );
  let recorded = 0;
  for (const r of rows) {
    if (!r.user_id) continue;
    const id = await recordNotice(deps, {
      userId: r.user_id,
      workspaceId: r.workspace_id,
      kind: 'digest',
      dedupeKey: `digest:${day}`,
      data: { day, opened: Number(r.opened), played: Number(r.played), finished: Number(r.finished), clicked: Number(r.clicked) },
    });
    if (id) recorded++;
  }
  return { day, recorded };
}
