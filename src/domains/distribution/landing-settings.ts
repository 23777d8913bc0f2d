import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { invalidInput, notFound } from '../../server/http/app-error';
import { inWorkspace, requireRole, type Scope } from '../../server/scope';
import { TEMPLATES_BY_ID } from '../../shared/templates';
import { campaigns } from '../campaigns/tables';
import { users } from '../users/tables';
import { videos, type VideoRow } from '../videos/tables';
import { DISTRIBUTION_MESSAGES as M, type TLandingSettings, type TRecipientView, type TSendDefaults } from './schemas';
import { sendDefaults } from './tables';

// What recipients see besides the video (decision 224): the title (the video's own), the landing
// page's call-to-action and the sender's name, each the video's own, else its campaign's, else the
// workspace's defaults (Settings → Sending). Pages read them when they are opened, never a copy
// made when the e-mail went out, so a change reaches the pages already sent.

const blank = (c: unknown) => sql`nullif(trim(${c}), '')`;

/**
 * The columns a landing page's call-to-action and sender are made of. A query selecting them
 * joins `videos` and left-joins `campaigns` (on the video's campaign) and `send_defaults` (on its
 * workspace): `joinLandingSources`.
 */
export const LANDING_VIEW_COLUMNS = {
  ctaLabel: sql<string | null>`coalesce(${blank(videos.ctaLabel)}, ${blank(campaigns.ctaLabel)}, ${blank(sendDefaults.ctaLabel)})`,
  ctaUrl: sql<string | null>`coalesce(${blank(videos.ctaUrl)}, ${blank(campaigns.ctaUrl)}, ${blank(sendDefaults.ctaUrl)})`,
  senderName: sql<string | null>`coalesce(${blank(videos.senderName)}, ${blank(campaigns.senderName)}, ${blank(sendDefaults.senderName)})`,
};

/** The joins LANDING_VIEW_COLUMNS need, on a query that already joins `videos`. */
export const campaignOfVideo = and(eq(campaigns.id, videos.campaignId), eq(campaigns.workspaceId, videos.workspaceId));
export const defaultsOfVideo = eq(sendDefaults.workspaceId, videos.workspaceId);

export const emptyToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export async function getSendDefaults(opts: { db: Db; scope: Pick<Scope, 'workspaceId'> }) {
  const [row] = await opts.db.select().from(sendDefaults).where(eq(sendDefaults.workspaceId, opts.scope.workspaceId));
  return { senderName: row?.senderName ?? null, subject: row?.subject ?? null, ctaLabel: row?.ctaLabel ?? null, ctaUrl: row?.ctaUrl ?? null };
}

/** Settings → Sending: the workspace's defaults, changed by its admins (they apply to everyone's pages). */
export async function saveSendDefaults(opts: { db: Db; scope: Scope; input: TSendDefaults }) {
  requireRole(opts.scope, 'admin');
  const cur = await getSendDefaults(opts);
  const pick = (k: keyof TSendDefaults) => (opts.input[k] === undefined ? cur[k] : emptyToNull(opts.input[k]));
  const row = { senderName: pick('senderName'), subject: pick('subject'), ctaLabel: pick('ctaLabel'), ctaUrl: pick('ctaUrl'), updatedAt: new Date() };
  await opts.db
    .insert(sendDefaults)
    .values({ workspaceId: opts.scope.workspaceId, ...row })
    .onConflictDoUpdate({ target: sendDefaults.workspaceId, set: row });
  return getSendDefaults(opts);
}

/** What a video without values of its own shows: its campaign's, else the workspace's, else the sender's own. */
async function inherited(db: Db, scope: Scope, video: Pick<VideoRow, 'campaignId'>) {
  const defaults = await getSendDefaults({ db, scope });
  const [campaign] = video.campaignId
    ? await db
        .select({ ctaLabel: campaigns.ctaLabel, ctaUrl: campaigns.ctaUrl, senderName: campaigns.senderName })
        .from(campaigns)
        .where(and(eq(campaigns.id, video.campaignId), inWorkspace(campaigns, scope)))
    : [];
  const [me] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, scope.userId));
  return {
    defaults,
    ctaLabel: emptyToNull(campaign?.ctaLabel) ?? defaults.ctaLabel,
    ctaUrl: emptyToNull(campaign?.ctaUrl) ?? defaults.ctaUrl,
    senderName: emptyToNull(campaign?.senderName) ?? defaults.senderName,
    me: me ?? { fullName: '', email: '' },
  };
}

/** A title the wizard gave from the template's name: not one the sender chose, so the send step asks. */
export const isTemplateTitle = (v: Pick<VideoRow, 'title' | 'templateId'>) => !!v.templateId && TEMPLATES_BY_ID.get(v.templateId)?.name === v.title;

/**
 * The send step's starting values: the video's own, else inherited; the title is empty when it
 * is the template's name (recipients never get a template's name unasked).
 */
export async function recipientViewOf(db: Db, scope: Scope, video: VideoRow) {
  const from = await inherited(db, scope, video);
  return {
    title: isTemplateTitle(video) ? '' : video.title,
    subject: from.defaults.subject ?? '',
    ctaLabel: emptyToNull(video.ctaLabel) ?? from.ctaLabel ?? '',
    ctaUrl: emptyToNull(video.ctaUrl) ?? from.ctaUrl ?? '',
    senderName: emptyToNull(video.senderName) ?? from.senderName ?? '',
    /** What an empty field gives: the page's own button and the member's name. */
    fallback: { ctaUrl: `mailto:${from.me.email}`, senderName: from.me.fullName },
  };
}

/**
 * Saves what the send step (or a later change) says recipients see: the title on the video; the
 * call-to-action and sender on the video only where they differ from what it inherits, so a
 * campaign's or the workspace's later change still reaches it.
 */
export async function applyRecipientView(db: Db, scope: Scope, video: VideoRow, input: Omit<TRecipientView, 'subject'>): Promise<VideoRow> {
  if (input.title !== undefined && !input.title.trim()) throw invalidInput(M.noTitle);
  const from = await inherited(db, scope, video);
  const own = (k: 'ctaLabel' | 'ctaUrl' | 'senderName') => {
    if (input[k] === undefined) return video[k];
    const v = emptyToNull(input[k]);
    return v === from[k] ? null : v;
  };
  const patch = { title: input.title?.trim() || video.title, ctaLabel: own('ctaLabel'), ctaUrl: own('ctaUrl'), senderName: own('senderName') };
  const [row] = await db
    .update(videos)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(videos.id, video.id), inWorkspace(videos, scope)))
    .returning();
  if (!row) throw notFound('Video not found');
  return row;
}

/** After sending: the video's title, call-to-action and sender, as its pages (sent ones too) will show them. */
export async function updateLandingSettings(opts: { db: Db; scope: Scope; input: TLandingSettings }) {
  const { db, scope, input } = opts;
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, input.videoId), inWorkspace(videos, scope)));
  if (!video) throw notFound('Video not found');
  const { videoId: _v, ...view } = input;
  return recipientViewOf(db, scope, await applyRecipientView(db, scope, video, view));
}

/** The send step's starting values for a video of the workspace. */
export async function sendSettingsOf(opts: { db: Db; scope: Scope; videoId: string }) {
  const [video] = await opts.db
    .select()
    .from(videos)
    .where(and(eq(videos.id, opts.videoId), inWorkspace(videos, opts.scope)));
  if (!video) throw notFound('Video not found');
  return recipientViewOf(opts.db, opts.scope, video);
}
