import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { parseVtt, type CaptionCue } from '../../media/captions';
import type { StorageProvider } from '../../server/providers/storage/types';
import { keyFromUrl } from '../files/service';
import { campaigns } from '../campaigns/tables';
import { unsubscribeEmail } from '../contacts/service';
import type { EmitEvent } from '../../shared/webhook-events';
import { contacts } from '../contacts/tables';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import { workspaces } from '../workspaces/tables';
import { landingBrand } from './landing-brand';
import type { LandingData } from './pages';
import { fillText, recipientLanguage, type RecipientLanguage } from '../../shared/variables';
import { wordsFor } from './recipient-words';
import { videoLanguage } from './resolve';
import { renderTasks } from '../generation/tables';
import { senderIdSql } from './sender';
import { campaignOfVideo, defaultsOfVideo, LANDING_VIEW_COLUMNS } from './landing-settings';
import { deliveries, distributionOptOuts, distributions, personalRenders, sendDefaults, unsubscribeLinks } from './tables';

// What the public pages of a delivery need, found by its token in one query. No session: the
// token (160 random bits) is the recipient's key to their page and to their unsubscribe link.
// Everything after is the delivery's workspace's: its opt-outs, its contacts, its webhooks; the
// sender shown is the member who sent it (sender.ts).

export const emailOptOutKey = (email: string) => `email:${email.trim().toLowerCase()}`;

const safeLink = (u: string | null | undefined) => (u && /^(https?:\/\/|mailto:)/i.test(u) ? u : null);

/**
 * The columns a landing page's sender, call-to-action and brand are made of (`senderOf`, `ctaOf`,
 * `landingBrand`): the video's, else its campaign's, else the workspace's defaults, else the sending
 * member's (landing-settings.ts). A query selecting them joins `videos` and `users` (the sender)
 * and left-joins `campaigns` (campaignOfVideo) and `send_defaults` (defaultsOfVideo).
 */
export const LANDING_SENDER_COLUMNS = {
  ...LANDING_VIEW_COLUMNS,
  campaignColor: campaigns.brandColor,
  userColor: users.brandColor,
  logoUrl: users.brandLogoUrl,
  photoUrl: users.avatarUrl,
  fullName: users.fullName,
  companyName: users.companyName,
  email: users.email,
};

async function byToken(db: Db, token: string) {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const [row] = await db
    .select({
      d: deliveries,
      baseUrl: distributions.baseUrl,
      title: videos.title,
      language: videos.language,
      videoUrl: videos.videoUrl,
      thumbnail: videos.thumbnail,
      renderStatus: personalRenders.status,
      renderVideo: personalRenders.videoUrl,
      renderThumbnail: personalRenders.thumbnail,
      renderCaptions: personalRenders.captions,
      captionsMode: sql<string | null>`${renderTasks.spec}->>'captions'`,
      voiceId: sql<string | null>`${renderTasks.spec}->>'voiceId'`,
      ...LANDING_SENDER_COLUMNS,
      senderId: users.id,
    })
    .from(deliveries)
    .innerJoin(distributions, eq(distributions.id, deliveries.distributionId))
    .innerJoin(videos, eq(videos.id, deliveries.videoId))
    .innerJoin(workspaces, eq(workspaces.id, deliveries.workspaceId))
    .innerJoin(users, eq(users.id, senderIdSql))
    // The video's campaign now (it may have joined one after sending), not the one at sending time.
    .leftJoin(campaigns, campaignOfVideo)
    .leftJoin(sendDefaults, defaultsOfVideo)
    .leftJoin(personalRenders, eq(personalRenders.id, deliveries.renderId))
    .leftJoin(renderTasks, eq(renderTasks.videoId, deliveries.videoId))
    .where(eq(deliveries.token, token));
  return row ?? null;
}

export const senderOf = (r: { senderName: string | null; fullName: string; companyName: string | null }) =>
  r.senderName || r.fullName || r.companyName || 'Someone';

/** The campaign's call-to-action (an http(s) or mailto link only), else "Get in touch" by e-mail to the sender. */
export function ctaOf(r: { ctaUrl: string | null; ctaLabel: string | null; email: string }, lang?: RecipientLanguage | null) {
  const url = safeLink(r.ctaUrl);
  const w = wordsFor(lang);
  return url ? { label: r.ctaLabel || w.learnMore, url } : { label: r.ctaLabel || w.getInTouch, url: `mailto:${r.email}` };
}

/** The language the delivery was written in (the contact's, else the video's, decision 226); older deliveries: the video's. */
const deliveryLanguage = (r: NonNullable<Awaited<ReturnType<typeof byToken>>>): RecipientLanguage =>
  r.d.language ? recipientLanguage(r.d.language) : videoLanguage(r);

/** A stored WebVTT larger than this is not read for the transcript (a 10-minute video's is ~20 KB). */
const TRANSCRIPT_MAX_BYTES = 256 * 1024;

/** The cues of a stored WebVTT file, for the page's transcript; null when it cannot be read. */
async function storedCues(storage: StorageProvider, url: string | null): Promise<CaptionCue[] | null> {
  const key = keyFromUrl(url);
  const file = key ? await storage.open(key).catch(() => null) : null;
  if (!file || file.size > TRANSCRIPT_MAX_BYTES) return null;
  const cues = parseVtt(await new Response(file.stream()).text());
  return cues.length ? cues : null;
}

/**
 * The landing page of /v/<token>, or null for an unknown token (or a video without a file). With
 * the storage, a personal video's transcript: its own captions' cues (their words, their times).
 */
export async function landingData(db: Db, token: string, storage?: StorageProvider): Promise<LandingData | null> {
  const r = await byToken(db, token);
  if (!r) return null;
  const personal = r.renderStatus === 'completed' && !!r.renderVideo;
  // The recipient's own video, poster and captions are served by token (media.ts).
  const videoUrl = personal ? `/v/${token}/video.mp4` : r.videoUrl;
  if (!videoUrl) return null;
  const values = r.d.values ?? {};
  const sender = senderOf(r);
  const language = deliveryLanguage(r);
  return {
    token,
    videoId: r.d.videoId,
    firstName: r.d.firstName,
    // The same value the video's voice used: their first name, else the video's fallback.
    greeting: values.first_name ?? r.d.firstName,
    title: fillText(r.title, values),
    videoUrl,
    // Never the e-mail's poster (its drawn button and play icon would sit under the real controls):
    // a personal video shows its own first frame, a shared one the video's thumbnail.
    poster: personal ? null : (r.thumbnail ?? null),
    captions:
      personal && r.renderCaptions
        ? { url: `/v/${token}/captions.vtt`, show: r.captionsMode === 'soft', language: /^local-([a-z]{2})-/.exec(r.voiceId ?? '')?.[1] ?? 'en' }
        : null,
    transcript: personal && storage ? await storedCues(storage, r.renderCaptions) : null,
    cta: ctaOf(r, language),
    sender,
    language,
    company: r.companyName,
    unsubscribeUrl: `/unsubscribe/${token}`,
    brand: landingBrand(r),
  };
}

/** "alice@example.com" → "a•••e@example.com": the page shows whose address without spelling it out. */
export function maskAddress(address: string): string {
  const [local, domain] = address.split('@');
  if (!domain || !local) return address.length > 4 ? `${address.slice(0, 2)}•••${address.slice(-2)}` : '•••';
  return `${local[0]}•••${local.length > 1 ? local[local.length - 1] : ''}@${domain}`;
}

export type UnsubscribeState = { sender: string; address: string | null; done: boolean; language: RecipientLanguage };

/** Whom an unsubscribe link opts out: a delivery's recipient, in its workspace. */
type OptOutTarget = {
  workspaceId: string;
  deliveryId: string;
  contactId: string | null;
  recipientKey: string;
  platform: string;
  address: string;
  recipientName: string | null;
  sender: string;
  /** The recipient's language, as their e-mail and landing page had it. */
  language: RecipientLanguage;
};

/**
 * The delivery's recipient; once the video (and so the delivery) was deleted, what
 * unsubscribe_links kept of it (decision 206): the opt-out belongs to the contact, not the video.
 */
async function optOutTarget(db: Db, token: string): Promise<OptOutTarget | null> {
  const r = await byToken(db, token);
  if (r) {
    const d = r.d;
    return { ...d, deliveryId: d.id, sender: senderOf(r), language: deliveryLanguage(r) };
  }
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const [kept] = await db.select().from(unsubscribeLinks).where(eq(unsubscribeLinks.token, token));
  if (!kept) return null;
  // A link kept before its language was: the contact's, else English.
  let language = kept.language;
  if (!language && kept.contactId) {
    const [c] = await db.select({ language: contacts.language }).from(contacts).where(eq(contacts.id, kept.contactId));
    language = c?.language ?? null;
  }
  return { ...kept, sender: kept.senderName, language: recipientLanguage(language) };
}

async function isUnsubscribed(db: Db, d: OptOutTarget): Promise<boolean> {
  if (d.contactId) {
    const [c] = await db.select({ at: contacts.unsubscribedAt }).from(contacts).where(eq(contacts.id, d.contactId));
    if (c) return c.at !== null;
  }
  const [o] = await db
    .select({ k: distributionOptOuts.recipientKey })
    .from(distributionOptOuts)
    .where(sql`${distributionOptOuts.workspaceId} = ${d.workspaceId} and ${distributionOptOuts.recipientKey} = ${d.recipientKey}`);
  return !!o;
}

/** GET /unsubscribe/<token>: the confirmation page's state. */
export async function unsubscribeState(db: Db, token: string): Promise<UnsubscribeState | null> {
  const d = await optOutTarget(db, token);
  if (!d) return null;
  return { sender: d.sender, address: maskAddress(d.address), done: await isUnsubscribed(db, d), language: d.language };
}

/**
 * POST /unsubscribe/<token> (RFC 8058 one-click, or the page's button): the contact, and every
 * contact of the same workspace with the same e-mail, is unsubscribed; a social recipient is
 * recorded as opted out (of that workspace's videos). Idempotent; works after the video is deleted.
 */
export async function unsubscribe(db: Db, token: string, emit?: EmitEvent): Promise<UnsubscribeState | null> {
  const d = await optOutTarget(db, token);
  if (!d) return null;
  const now = new Date();
  const already = await isUnsubscribed(db, d);
  if (d.contactId) {
    const [c] = await db.select({ email: contacts.email }).from(contacts).where(eq(contacts.id, d.contactId));
    await db.update(contacts).set({ unsubscribedAt: now }).where(sql`${contacts.id} = ${d.contactId} and ${contacts.unsubscribedAt} is null`);
    if (c?.email) await unsubscribeEmail({ db, scope: { workspaceId: d.workspaceId }, email: c.email, at: now });
  }
  // Kept by address too: a contact imported again later with the same e-mail stays unsubscribed.
  const keys = [d.recipientKey];
  if (d.platform === 'email' || d.platform === 'google' || d.platform === 'outlook') keys.push(emailOptOutKey(d.address));
  await db
    .insert(distributionOptOuts)
    .values(keys.map((recipientKey) => ({ workspaceId: d.workspaceId, recipientKey })))
    .onConflictDoNothing();
  if (!already && emit)
    await emit({
      workspaceId: d.workspaceId,
      type: 'contact.unsubscribed',
      data: { contactId: d.contactId, deliveryId: d.deliveryId, channel: d.platform, address: d.address, recipient: d.recipientName },
    });
  return { sender: d.sender, address: maskAddress(d.address), done: true, language: d.language };
}
