import { and, eq } from 'drizzle-orm';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { domainOf } from '../../server/providers/email/types';
import type { Scope } from '../../server/scope';
import { newToken } from '../../shared/ids';
import { resolveText } from '../../shared/variables';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import { workspaces } from '../workspaces/tables';
import { landingBrand } from './landing-brand';
import { campaignOfVideo, defaultsOfVideo, recipientViewOf } from './landing-settings';
import { emailHtml, emailText, type MessageParts } from './messages';
import type { LandingData } from './pages';
import { fallbacksOf, lookAhead, peopleOf } from './preview';
import { ctaOf, LANDING_SENDER_COLUMNS } from './public';
import { resolveFor } from './resolve';
import { DISTRIBUTION_MESSAGES as M, type TRecipientVersion } from './schemas';
import type { DistDeps } from './service';
import { campaigns } from '../campaigns/tables';
import { sendDefaults } from './tables';

// One recipient's version before sending (decision 224): their subject, e-mail and landing page as
// the send would make them with what the send step holds now, and a test of that e-mail sent to
// the member's own address. The landing page of a test is /v-test/<token>: the token carries what
// the page shows (sealed by the app's key, a day long); nothing is written, nothing is tracked.

const PURPOSE = 'send-test';
const TEST_TTL_MS = 24 * 3600_000;

type TestPage = { w: string; v: string; g: string | null; f: string | null; t: string; cl: string; cu: string; s: string; e: number };

/** What the send step holds now for one recipient of the selection: the texts, the e-mail, the page. */
export async function recipientVersion(opts: DistDeps & { scope: Scope; input: TRecipientVersion; baseUrl: string }) {
  const { db, scope, input } = opts;
  const look = await lookAhead(opts);
  const c = look.found ? peopleOf(look.found.fresh).find((p) => p.recipientKey === input.recipientKey) : undefined;
  if (!c) throw notFound(M.recipientNotFound);
  const { plan, video } = look;
  const t = resolveFor(plan, c, 'email');
  const saved = await recipientViewOf(db, scope, video);
  const typed = (k: 'ctaLabel' | 'ctaUrl' | 'senderName') => (input[k] === undefined ? saved[k] : input[k]);
  const cta = ctaOf({ ctaLabel: typed('ctaLabel') || null, ctaUrl: typed('ctaUrl') || null, email: saved.fallback.ctaUrl.slice('mailto:'.length) });
  const sender = typed('senderName') || saved.fallback.senderName || 'Someone';
  const title = resolveText(plan.title, c.vars, plan.fallbacks).text;
  const page: TestPage = {
    w: scope.workspaceId,
    v: video.id,
    g: t.values.first_name ?? null,
    f: c.vars.first_name ?? null,
    t: title,
    cl: cta.label,
    cu: cta.url,
    s: sender,
    e: Date.now() + TEST_TTL_MS,
  };
  const token = Buffer.from(await opts.box.encrypt(JSON.stringify(page), PURPOSE)).toString('base64url');
  const landingPath = `/v-test/${token}`;
  const absolute = (u: string | null) => (!u ? null : /^https?:\/\//i.test(u) ? u : `${opts.baseUrl}${u.startsWith('/') ? '' : '/'}${u}`);
  const parts: MessageParts = {
    message: t.message,
    title,
    sender,
    landingUrl: `${opts.baseUrl}${landingPath}`,
    unsubscribeUrl: `${opts.baseUrl}${landingPath}`,
    thumbnailUrl: absolute(video.thumbnail),
  };
  return {
    recipientKey: c.recipientKey,
    name: c.name,
    address: c.address,
    channels: c.channels,
    personalised: !!plan.split,
    opening: t.texts?.join(' … ') ?? null,
    subject: t.subject,
    message: t.message,
    title,
    greeting: page.g,
    cta,
    sender,
    thumbnail: video.thumbnail,
    videoUrl: video.videoUrl,
    landingPath,
    fallbacks: fallbacksOf(plan, c),
    parts,
  };
}

/** "Send a test to me": the chosen recipient's e-mail, as it would go out, to the member's own address. */
export async function sendTest(opts: DistDeps & { scope: Scope; input: TRecipientVersion; baseUrl: string }) {
  const v = await recipientVersion(opts);
  const [me] = await opts.db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, opts.scope.userId));
  if (!me) throw notFound('User not found');
  const email = opts.providers.email;
  await email.send({
    fromName: v.sender,
    to: { name: me.fullName, address: me.email },
    replyTo: me.email,
    subject: v.subject,
    text: emailText(v.parts),
    html: emailHtml(v.parts),
    messageId: `<test-${newToken()}@${domainOf(email.from.address)}>`,
    workspaceId: opts.scope.workspaceId,
    userId: opts.scope.userId,
  });
  return { to: me.email, subject: v.subject };
}

/** The landing page of a test e-mail: null when the token is not ours, expired, or its video is gone. */
export async function testLandingData(db: Db, box: SecretBox, token: string): Promise<LandingData | null> {
  let page: TestPage;
  try {
    if (token.length > 4000) return null;
    page = JSON.parse(await box.decrypt(Buffer.from(token, 'base64url').toString('utf8'), PURPOSE)) as TestPage;
  } catch {
    return null;
  }
  if (!(page.e > Date.now())) return null;
  const [r] = await db
    .select({ videoUrl: videos.videoUrl, thumbnail: videos.thumbnail, ...LANDING_SENDER_COLUMNS })
    .from(videos)
    .innerJoin(workspaces, eq(workspaces.id, videos.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .leftJoin(campaigns, campaignOfVideo)
    .leftJoin(sendDefaults, defaultsOfVideo)
    .where(and(eq(videos.id, page.v), eq(videos.workspaceId, page.w)));
  if (!r?.videoUrl) return null;
  return {
    token: '',
    videoId: page.v,
    firstName: page.f,
    greeting: page.g,
    title: page.t,
    videoUrl: r.videoUrl,
    poster: r.thumbnail,
    captions: null,
    cta: { label: page.cl, url: page.cu },
    sender: page.s,
    company: r.companyName,
    unsubscribeUrl: null,
    brand: landingBrand(r),
    test: true,
  };
}
