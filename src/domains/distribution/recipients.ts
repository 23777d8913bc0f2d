import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { channelName as catalogueName } from '../../shared/channel-catalogue';
import { selectRecipients, type Contact } from '../contacts/service';
import { resolveSocialRecipients } from '../social/social-contacts';
import type { SocialProfileRow } from '../social/tables';
import { emailOptOutKey } from './public';
import { MAX_RECIPIENTS, DISTRIBUTION_MESSAGES as M } from './schemas';
import { invalidInput } from '../../server/http/app-error';
import { deliveries, distributionOptOuts, type Channel, type SkippedRecipient } from './tables';
import { varsOf, type RecipientVars } from './variables';
import type { RecipientLanguage } from '../../shared/variables';
import { inWorkspace, type Scope } from '../../server/scope';

// Who a distribution reaches: contacts (by id and list) and social contacts, one candidate per
// (recipient, channel), with the reason for everyone left out.

/** A channel's English name as the send step's messages write it ("Email", "X (Twitter)"). */
export const channelName = (p: Channel) => catalogueName(p);

/** A contact's address on a channel, or why it has none. */
function addressFor(c: Contact, p: Channel): { address: string } | { reason: string } {
  switch (p) {
    case 'email':
    case 'google':
    case 'outlook':
      return c.email ? { address: c.email } : { reason: 'No e-mail address' };
    case 'linkedin':
      return c.linkedinUrl ? { address: c.linkedinUrl } : { reason: 'No LinkedIn profile URL' };
    case 'whatsapp':
      return c.phoneNumber ? { address: c.phoneNumber } : { reason: 'No phone number' };
    default:
      return { reason: `${channelName(p)} is reached through social contacts only` };
  }
}

/**
 * The same address however it was typed: e-mail without case, a profile URL without its scheme,
 * `www.`, query or trailing slash, a phone number by its digits. Two contact records (two lists,
 * two imports) with one address are one recipient (decision 224).
 */
export function addressKey(platform: Channel, address: string): string {
  const a = address.trim().toLowerCase();
  if (platform === 'whatsapp' && /^[+0-9()\s.\-/]+$/.test(a)) return `${platform}:${a.replace(/[^0-9]/g, '')}`;
  if (/^https?:\/\//.test(a))
    return `${platform}:${a
      .replace(/^https?:\/\/(www\.)?/, '')
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')}`;
  return `${platform}:${a}`;
}

/** Contact records merged into one recipient: the address, who got it, and the others with it. */
export type Merged = { platform: Channel; address: string; kept: string; merged: string[] };

export type Candidate = {
  recipientKey: string;
  platform: Channel;
  contactId: string | null;
  socialContactId: string | null;
  profileId: string | null;
  address: string;
  name: string | null;
  vars: RecipientVars;
  /** The contact's own language; null: the video's. */
  language: RecipientLanguage | null;
};

/**
 * Every (recipient, channel) of the request not already delivered for this video, and who was
 * skipped and why (unsubscribed, no address for the channel, channel not selected, already sent).
 */
export async function collectCandidates(
  db: Db,
  opts: {
    scope: Scope;
    videoId: string;
    platforms: Channel[];
    profiles: Map<Channel, SocialProfileRow>;
    contactIds: string[];
    listIds: string[];
    socialIds: string[];
  },
) {
  const { scope, platforms, profiles } = opts;
  const [people, social] = await Promise.all([
    selectRecipients({ db, scope, contactIds: opts.contactIds, listIds: opts.listIds }),
    resolveSocialRecipients({ db, scope, ids: opts.socialIds }),
  ]);
  if (people.length + social.length === 0) throw invalidInput(M.noneFound);
  if (people.length + social.length > MAX_RECIPIENTS) throw invalidInput(M.tooMany);

  const skipped: SkippedRecipient[] = [];
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  // One message per address and channel, whatever the number of contact records holding it.
  const byAddress = new Map<string, Candidate>();
  const merges = new Map<string, Merged>();
  const label = (c: Candidate) => c.name || c.address;
  const add = (c: Candidate) => {
    const k = `${c.recipientKey}\u0000${c.platform}`;
    if (seen.has(k)) return;
    seen.add(k);
    const a = addressKey(c.platform, c.address);
    const first = byAddress.get(a);
    if (first) {
      const m = merges.get(a) ?? { platform: c.platform, address: first.address, kept: label(first), merged: [] };
      m.merged.push(label(c));
      merges.set(a, m);
      return;
    }
    byAddress.set(a, c);
    candidates.push(c);
  };
  const optedOut = await optedOutKeys(db, scope, [
    ...social.map((s) => `${s.platform}:${s.providerId}`),
    ...people.filter((c) => c.email && !c.unsubscribed).map((c) => emailOptOutKey(c.email!)),
  ]);
  for (const c of people) {
    for (const p of platforms) {
      if (c.unsubscribed || (c.email && optedOut.has(emailOptOutKey(c.email)))) {
        skipped.push({ contactId: c.id, name: c.name, platform: p, reason: 'unsubscribed' });
        continue;
      }
      const a = addressFor(c, p);
      if ('reason' in a) {
        skipped.push({ contactId: c.id, name: c.name, platform: p, reason: a.reason });
        continue;
      }
      add({
        recipientKey: c.id,
        platform: p,
        contactId: c.id,
        socialContactId: null,
        profileId: profiles.get(p)?.id ?? null,
        address: a.address,
        name: c.name,
        vars: varsOf(c),
        language: c.language,
      });
    }
  }
  for (const s of social) {
    const p = s.platform as Channel;
    const key = `${s.platform}:${s.providerId}`;
    if (!platforms.includes(p)) {
      skipped.push({
        contactId: null,
        socialContactId: s.id,
        name: s.name,
        platform: s.platform,
        reason: `${catalogueName(s.platform)} is not selected`,
      });
      continue;
    }
    if (optedOut.has(key)) {
      skipped.push({ contactId: null, socialContactId: s.id, name: s.name, platform: p, reason: 'unsubscribed' });
      continue;
    }
    const address = p === 'whatsapp' ? (s.phone ?? s.providerId) : s.providerId;
    add({
      recipientKey: key,
      platform: p,
      contactId: null,
      socialContactId: s.id,
      profileId: s.profileId,
      address,
      name: s.name,
      vars: varsOf({ name: s.name }),
      language: null,
    });
  }

  // Already delivered (or queued) for this video, to this contact or to this address: skipped, never sent twice.
  const existing = await existingKeys(db, opts.videoId, platforms);
  const fresh = candidates.filter((c) => {
    if (!existing.has(`${c.recipientKey}\u0000${c.platform}`) && !existing.has(addressKey(c.platform, c.address))) return true;
    skipped.push({ contactId: c.contactId, socialContactId: c.socialContactId, name: c.name, platform: c.platform, reason: 'already sent' });
    return false;
  });
  return { fresh, skipped, merged: [...merges.values()] };
}

/** The video's deliveries on these channels, by recipient and by address. */
async function existingKeys(db: Db, videoId: string, platforms: Channel[]) {
  const out = new Set<string>();
  const rows = await db
    .select({ recipientKey: deliveries.recipientKey, platform: deliveries.platform, address: deliveries.address })
    .from(deliveries)
    .where(and(eq(deliveries.videoId, videoId), inArray(deliveries.platform, platforms)));
  for (const r of rows) {
    out.add(`${r.recipientKey}\u0000${r.platform}`);
    out.add(addressKey(r.platform, r.address));
  }
  return out;
}

/** Opt-outs are per workspace: unsubscribing from one team's videos says nothing of another's. */
async function optedOutKeys(db: Db, scope: Pick<Scope, 'workspaceId'>, keys: string[]) {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += 5000) {
    const rows = await db
      .select({ k: distributionOptOuts.recipientKey })
      .from(distributionOptOuts)
      .where(and(inWorkspace(distributionOptOuts, scope), inArray(distributionOptOuts.recipientKey, keys.slice(i, i + 5000))));
    for (const r of rows) out.add(r.k);
  }
  return out;
}
