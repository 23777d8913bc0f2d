import type { Scope } from '../../server/scope';
import { resolveText } from '../../shared/variables';
import { assertOwnLists } from '../contacts/service';
import { findVoice } from '../voices/service';
import { getSendDefaults } from './landing-settings';
import { collectCandidates, type Candidate, type Merged } from './recipients';
import { BACKGROUND_COLUMN, planSend, resolveFor, TITLE_VARIABLE, variableProblems, type Problem, type SendPlan } from './resolve';
import { CHANNELS, type TDistributionPreview, type TRecipientSearch } from './schemas';
import { ownVideo, profilesFor, type DistDeps } from './service';
import type { Channel } from './tables';

// The send step's look ahead (nothing written, nothing queued): who gets what, how many on each
// channel, who was merged into one recipient, and each recipient's own version (recipient-version.ts).

const PREVIEW_SAMPLES = 3;
type PreviewSample = { name: string; opening: string | null; greeting: string | null; message: string; background: string | null };

/** A selection's recipients as the send would find them, with the plan their texts come from. */
export async function lookAhead(opts: DistDeps & { scope: Scope; input: TDistributionPreview }) {
  const { db, scope, input } = opts;
  const { video, rendered, spec } = await ownVideo(db, scope, input.videoId);
  const subject = input.subject ?? (await getSendDefaults({ db, scope })).subject ?? undefined;
  const plan = planSend(video, { script: input.script, message: input.message, title: input.title, subject }, rendered);
  const platforms = [...new Set((input.platforms ?? []).map((p) => p.toLowerCase() as Channel))].filter((p) => (CHANNELS as readonly string[]).includes(p));
  const contactIds = input.contactIds ?? [];
  const listIds = input.listIds ?? [];
  const socialIds = input.socialContactIds ?? [];
  const empty = { video, spec, plan, platforms, found: null };
  if (!contactIds.length && !listIds.length && !socialIds.length) return empty;
  // Another workspace's list is a 404, as for the send, not an empty preview.
  await assertOwnLists({ db, scope, listIds });
  // A channel not connected yet does not matter here: the send itself answers for it.
  const profiles = await profilesFor(opts, scope, platforms, false);
  try {
    const found = await collectCandidates(db, {
      scope,
      videoId: video.id,
      platforms: platforms.length ? platforms : ['email'],
      profiles,
      contactIds,
      listIds,
      socialIds,
    });
    return { ...empty, found };
  } catch {
    return empty; // none of them found (yet): nothing to show
  }
}

/** One entry per person (their first channel's candidate), with the channels they get it on. */
export function peopleOf(fresh: Candidate[]) {
  const people = new Map<string, Candidate & { channels: Channel[] }>();
  for (const c of fresh) {
    const p = people.get(c.recipientKey);
    if (p) p.channels.push(c.platform);
    else people.set(c.recipientKey, { ...c, channels: [c.platform] });
  }
  return [...people.values()];
}

/** The variables this recipient has no value for, and what they get instead in each text (their fallbacks). */
export function fallbacksOf(plan: SendPlan, c: Candidate): { variable: string; values: string[] }[] {
  const vars = { ...c.vars, [TITLE_VARIABLE]: plan.title };
  const out = new Map<string, Set<string>>();
  for (const text of [plan.split?.head, plan.message, plan.title, plan.subject]) {
    if (!text) continue;
    for (const [v, value] of Object.entries(resolveText(text, vars, plan.fallbacks).used)) {
      if (v === TITLE_VARIABLE || c.vars[v]?.trim()) continue;
      out.set(v, (out.get(v) ?? new Set()).add(value));
    }
  }
  return [...out].map(([variable, values]) => ({ variable, values: [...values] }));
}

/** How many messages go out on each selected channel, and in all. */
function reachOf(fresh: Candidate[], platforms: Channel[]) {
  const byChannel = Object.fromEntries(platforms.map((p) => [p, 0])) as Record<string, number>;
  for (const c of fresh) if (c.platform in byChannel) byChannel[c.platform]!++;
  return { total: Object.values(byChannel).reduce((a, b) => a + b, 0), byChannel };
}

/**
 * The send step's summary: personalised or not, the distinct recipients (per channel: the
 * estimated reach), a few recipients' openings, contact records merged by address, how many take
 * a fallback, and the variables that would refuse the send.
 */
export async function previewDistribution(opts: DistDeps & { scope: Scope; input: TDistributionPreview }) {
  const { scope } = opts;
  const { spec, plan, platforms, found } = await lookAhead(opts);
  // Spoken with the rep's recording: the sentences with a recipient's values are the chosen voice's (decision 221), said before anything is sent.
  const personalVoice =
    plan.split && spec?.voiceRecordingId
      ? ((await findVoice((await opts.workspaceProviders(scope.workspaceId)).tts, spec.voiceId).catch(() => null))?.name ?? spec.voiceId)
      : null;
  const base = {
    personalised: !!plan.split,
    sharedBecause: plan.sharedBecause,
    personalVoice,
    variables: plan.variables,
    recipients: 0,
    reach: reachOf([], platforms),
    samples: [] as PreviewSample[],
    problems: [] as Problem[],
    merged: [] as Merged[],
    withFallbacks: 0,
    ownBackgrounds: 0,
  };
  if (!found) return base;
  const people = peopleOf(found.fresh);
  const samples = people.slice(0, PREVIEW_SAMPLES).map((c): PreviewSample => {
    const t = resolveFor(plan, c, 'email');
    return {
      name: c.name ?? c.address,
      opening: t.texts?.join(' … ') ?? null,
      greeting: t.values.first_name ?? null,
      message: t.message.slice(0, 280),
      background: t.background,
    };
  });
  return {
    ...base,
    recipients: people.length,
    reach: reachOf(found.fresh, platforms),
    samples,
    problems: variableProblems(plan, found.fresh),
    merged: found.merged.slice(0, 50),
    withFallbacks: people.filter((c) => fallbacksOf(plan, c).length > 0).length,
    ownBackgrounds: plan.split ? people.filter((c) => c.vars[BACKGROUND_COLUMN]).length : 0,
  };
}

/** The recipient browser: the selection's recipients, searched by name or address, a page at a time. */
export async function searchRecipients(opts: DistDeps & { scope: Scope; input: TRecipientSearch }) {
  const { plan, found } = await lookAhead(opts);
  const q = opts.input.search?.trim().toLowerCase() ?? '';
  const people = found ? peopleOf(found.fresh) : [];
  const matched = q ? people.filter((c) => `${c.name ?? ''}\u0000${c.address}`.toLowerCase().includes(q)) : people;
  const { offset, limit } = opts.input;
  return {
    total: people.length,
    matched: matched.length,
    items: matched.slice(offset, offset + limit).map((c, i) => ({
      recipientKey: c.recipientKey,
      position: people.indexOf(c) + 1 || offset + i + 1,
      name: c.name,
      address: c.address,
      channels: c.channels,
      fallbacks: fallbacksOf(plan, c),
    })),
  };
}
