import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { assertOwnCampaign } from '../campaigns/owned';
import { contacts } from '../contacts/tables';
import { rowsOf } from '../tracking/aggregates';
import { trackingEvents } from '../tracking/tables';
import { videos } from '../videos/tables';
import type { Scope } from '../../server/scope';
import type { TCampaignRecipients } from './schemas';
import { deliveries, distributionOptOuts, distributions, personalRenders } from './tables';

// The analytics tab's per-contact table: one row per delivery of the campaign's videos (and one
// per recipient left out, with the reason), with what their landing page saw. One statement,
// sorted, searched and paginated by the database; raw events are read for this campaign only.
// Definitions: README "Metrics" and docs/decisions/107-recipient-analytics.md.

/** What each sort key orders by; ties go by row id so pages never overlap. */
const SORTS: Record<TCampaignRecipients['sort'], SQL> = {
  contact: sql`lower(r.name)`,
  channel: sql`r.channel`,
  deliveredAt: sql`r.sent_at`,
  opened: sql`ev.opened_at`,
  watched: sql`case when ev.viewed then coalesce(ev.watched, 0) end`,
  cta: sql`coalesce(ev.cta, false)`,
  unsubscribed: sql`r.unsubscribed`,
};

/** Skip reasons that describe a row shown anyway (the earlier delivery). */
const HIDDEN_REASONS = ['already sent'];

type Row = {
  id: string;
  kind: 'delivery' | 'skipped';
  video_id: string;
  video_title: string;
  contact_id: string | null;
  name: string;
  address: string | null;
  channel: string;
  status: string;
  sent_at: Date | string | null;
  opened_at: Date | string | null;
  viewed: boolean | null;
  watched: number | null;
  cta: boolean | null;
  unsubscribed: boolean;
  reason: string | null;
  total: number | string;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
/** LIKE pattern for a user's search text, its own % and _ taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function campaignRecipients(opts: { db: Db; scope: Scope; input: TCampaignRecipients }) {
  const { db, scope, input } = opts;
  const campaign = await assertOwnCampaign({ db, scope, campaignId: input.campaignId });
  const ws = scope.workspaceId;

  // A recipient skipped once and reached later on the same channel shows as that delivery only.
  const search = input.search ? likePattern(input.search) : null;
  const dir = input.dir === 'asc' ? sql`asc` : sql`desc`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with vids as (
        select ${videos.id} as id, ${videos.title} as title from ${videos}
        where ${videos.workspaceId} = ${ws} and ${videos.campaignId} = ${campaign.id}
      ),
      -- Read once and hashed, rather than looked up for every delivery.
      opted as (select recipient_key from ${distributionOptOuts} where workspace_id = ${ws}),
      ev as (
        select e.delivery_token as token,
          min(e.created_at) filter (where e.event in ('open', 'view')) as opened_at,
          bool_or(e.event = 'view') as viewed,
          max(e.percent) filter (where e.event = 'progress') as watched,
          bool_or(e.event = 'cta') as cta
        from ${trackingEvents} e
        where e.workspace_id = ${ws} and e.video_id in (select id from vids) and e.delivery_token is not null
        group by e.delivery_token
      ),
      r as (
        select d.id, 'delivery' as kind, d.video_id, d.contact_id, coalesce(d.recipient_name, d.address) as name, d.address,
          d.platform as channel, d.status, d.sent_at, d.token,
          case when d.status in ('failed', 'deferred') then d.error else pr.error end as reason,
          (c.unsubscribed_at is not null
            or d.recipient_key in (select o.recipient_key from opted o)
            or 'email:' || lower(d.address) in (select o.recipient_key from opted o)) as unsubscribed
        from ${deliveries} d
        join vids v on v.id = d.video_id
        left join ${contacts} c on c.id = d.contact_id and c.workspace_id = ${ws}
        left join ${personalRenders} pr on pr.id = d.render_id
        where d.workspace_id = ${ws}
        union all
        select * from (
          select distinct on (x.video_id, x.who, x.channel)
            x.id, 'skipped' as kind, x.video_id, x.contact_id, coalesce(x.name, c.name, '') as name,
            coalesce(c.email, c.phone_number, c.linkedin_url) as address, x.channel, 'skipped' as status, null::timestamptz as sent_at,
            null::text as token, x.reason, (x.reason = 'unsubscribed' or c.unsubscribed_at is not null) as unsubscribed
          from (
            select 'skip-' || dist.id || '-' || s.n as id, dist.video_id, dist.created_at, s.item->>'contactId' as contact_id,
              s.item->>'socialContactId' as social_id, s.item->>'name' as name, s.item->>'platform' as channel, s.item->>'reason' as reason,
              coalesce(s.item->>'contactId', s.item->>'socialContactId', s.item->>'name') as who
            from ${distributions} dist
            join vids v on v.id = dist.video_id
            cross join lateral jsonb_array_elements(dist.skipped) with ordinality as s(item, n)
            where dist.workspace_id = ${ws}
          ) x
          left join ${contacts} c on c.id = x.contact_id and c.workspace_id = ${ws}
          where x.reason not in (${sql.join(
            HIDDEN_REASONS.map((h) => sql`${h}`),
            sql`, `,
          )})
            and not exists (
              select 1 from ${deliveries} d2 where d2.video_id = x.video_id and d2.platform = x.channel
                and (d2.contact_id = x.contact_id or d2.social_contact_id = x.social_id)
            )
          order by x.video_id, x.who, x.channel, x.created_at desc
        ) skipped
      )
      select r.id, r.kind, r.video_id, v.title as video_title, r.contact_id, r.name, r.address, r.channel, r.status, r.sent_at,
        ev.opened_at, ev.viewed, ev.watched, ev.cta, r.unsubscribed, r.reason, count(*) over () as total
      from r
      join vids v on v.id = r.video_id
      left join ev on ev.token = r.token
      ${search ? sql`where r.name ilike ${search} or r.address ilike ${search}` : sql``}
      order by ${SORTS[input.sort]} ${dir} nulls last, r.id ${dir}
      limit ${input.limit} offset ${input.offset}`),
  );
  return {
    total: rows.length ? Number(rows[0]!.total) : input.offset > 0 ? await countOnly(db, scope, campaign.id, input.search) : 0,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      videoId: r.video_id,
      videoTitle: r.video_title,
      contactId: r.contact_id,
      name: r.name,
      address: r.address,
      channel: r.channel,
      status: r.status,
      deliveredAt: r.status === 'sent' ? iso(r.sent_at) : null,
      openedAt: iso(r.opened_at),
      /** The highest share of the video watched, in %; null when the video was never played. */
      watched: r.viewed ? Number(r.watched ?? 0) : null,
      ctaClicked: !!r.cta,
      unsubscribed: !!r.unsubscribed,
      reason: r.reason,
    })),
  };
}
export type RecipientRow = Awaited<ReturnType<typeof campaignRecipients>>['rows'][number];

/** The total when the page asked for lies past the end (the window count needs a row). */
async function countOnly(db: Db, scope: Scope, campaignId: string, search: string | undefined): Promise<number> {
  const page = await campaignRecipients({ db, scope, input: { campaignId, limit: 1, offset: 0, sort: 'contact', dir: 'asc', search } });
  return page.total;
}
