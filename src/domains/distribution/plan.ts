import { newId, newToken } from '../../shared/ids';
import type { VideoRow } from '../videos/tables';
import { createdIn, type Scope } from '../../server/scope';
import { PERSONALISE_BATCH } from './limits';
import type { Candidate } from './recipients';
import { resolveFor, type SendPlan } from './resolve';
import type { Channel, DeliveryStatus, deliveries, distributions, personalRenders } from './tables';

// distribute() in three steps: this pure plan (every row it will write), the transaction that
// writes it (persist.ts), then the jobs. The plan is tested alone (plan.test.ts).

export type DistributionRow = typeof distributions.$inferInsert;
export type RenderRow = typeof personalRenders.$inferInsert & { id: string };
export type DeliveryRow = typeof deliveries.$inferInsert & { id: string; platform: Channel };

export type DistributionPlan = {
  distribution: DistributionRow;
  /** One per recipient of a personalised video, grouped by background, batch numbers in order. */
  renders: RenderRow[];
  /** One per (recipient, channel), with its landing-page token and resolved texts. */
  deliveries: DeliveryRow[];
};

/** Ids and tokens: random in the app, fixed in a test. */
export type IdSource = { id: () => string; token: () => string; uuid: () => string };
const RANDOM: IdSource = { id: newId, token: newToken, uuid: () => crypto.randomUUID() };

const pairKey = (c: Pick<Candidate, 'recipientKey' | 'platform'>) => `${c.recipientKey}\u0000${c.platform}`;

/** The batch of the i-th render: batches of PERSONALISE_BATCH, in render order. */
export const renderBatch = (i: number) => Math.floor(i / PERSONALISE_BATCH);

export function planDistribution(args: {
  /** The workspace the rows go in, and the member sending (the distribution's createdBy). */
  scope: Scope;
  video: Pick<VideoRow, 'id'>;
  campaignId: string | null;
  platforms: Channel[];
  send: SendPlan;
  recipients: Candidate[];
  baseUrl: string;
  ids?: IdSource;
}): DistributionPlan {
  const { scope, video, campaignId, send, recipients } = args;
  const workspaceId = scope.workspaceId;
  const ids = args.ids ?? RANDOM;
  const split = send.split;
  const distributionId = ids.id();
  const texts = new Map(recipients.map((c) => [pairKey(c), resolveFor(send, c)]));
  const textOf = (c: Candidate) => texts.get(pairKey(c))!;

  // One render per person (whatever the number of channels), grouped by background so that a batch mostly shares one tail.
  const people = split ? [...new Map(recipients.map((c) => [c.recipientKey, c])).values()] : [];
  people.sort((a, b) => (textOf(a).background ?? '').localeCompare(textOf(b).background ?? ''));
  const renders: RenderRow[] = people.map((c, i) => {
    const t = textOf(c);
    return {
      id: ids.id(),
      distributionId,
      workspaceId,
      recipientKey: c.recipientKey,
      batch: renderBatch(i),
      headScript: t.head!,
      texts: t.texts,
      background: t.background,
      headline: t.headline,
    };
  });
  const renderOf = new Map(renders.map((r) => [r.recipientKey, r.id]));

  const rows: DeliveryRow[] = recipients.map((c) => {
    const id = ids.uuid();
    const t = textOf(c);
    return {
      id,
      distributionId,
      workspaceId,
      videoId: video.id,
      campaignId,
      contactId: c.contactId,
      socialContactId: c.socialContactId,
      recipientKey: c.recipientKey,
      platform: c.platform,
      profileId: c.platform === 'email' ? null : c.profileId,
      address: c.address,
      recipientName: c.name,
      firstName: c.vars.first_name ?? null,
      subject: c.platform === 'email' ? t.subject : null,
      language: t.language,
      message: t.message,
      values: t.values,
      token: ids.token(),
      renderId: renderOf.get(c.recipientKey) ?? null,
      // Personalised deliveries wait for their render; the others are sent by a job named after them.
      status: (split ? 'waiting' : 'pending') as DeliveryStatus,
      jobId: split ? null : id,
    };
  });

  return {
    distribution: {
      id: distributionId,
      ...createdIn(scope),
      videoId: video.id,
      campaignId,
      platforms: args.platforms,
      message: send.message,
      personalizeVideo: !!split,
      headScript: split?.head ?? null,
      tailScript: split?.tail ?? null,
      scriptParts: split?.parts ?? null,
      baseUrl: args.baseUrl,
      skipped: [],
      skippedCount: 0,
    },
    renders,
    deliveries: rows,
  };
}
