import { describe, expect, test } from 'bun:test';
import { PERSONALISE_BATCH } from './limits';
import { planDistribution, type IdSource } from './plan';
import type { Candidate } from './recipients';
import type { SendPlan } from './resolve';
import { personalScope } from '../../server/scope';

// The pure step of distribute(): every row it will write, with no database.

function counter(): IdSource {
  let n = 0;
  return { id: () => `id${++n}`, token: () => `tok${++n}`, uuid: () => `uuid${++n}` };
}

const person = (key: string, platform: Candidate['platform'], vars: Record<string, string> = {}): Candidate => ({
  recipientKey: key,
  platform,
  contactId: key,
  socialContactId: null,
  profileId: platform === 'email' ? null : `profile-${platform}`,
  address: `${key}@example.com`,
  name: key.toUpperCase(),
  vars: { first_name: key, ...vars },
  language: null,
});

const shared: SendPlan = {
  split: null,
  sharedBecause: 'noVariables',
  fallbacks: {},
  title: 'Hello',
  subject: null,
  message: 'Hi {first_name}',
  typedMessage: true,
  language: 'en',
  variables: ['first_name'],
};
const personal: SendPlan = {
  ...shared,
  split: {
    parts: [
      { text: 'Hi {first_name}.', personal: true },
      { text: 'The rest.', personal: false },
    ],
    head: 'Hi {first_name}.',
    tail: 'The rest.',
  },
  sharedBecause: null,
};
const base = { scope: personalScope('u1'), video: { id: 'v1' }, campaignId: 'c1', platforms: ['email', 'linkedin'] as const, baseUrl: 'http://app' };

describe('planDistribution', () => {
  test('a shared video: one pending delivery per (recipient, channel), sent by a job named after it, no render', () => {
    const plan = planDistribution({
      ...base,
      platforms: [...base.platforms],
      send: shared,
      recipients: [person('ann', 'email'), person('ann', 'linkedin')],
      ids: counter(),
    });
    expect(plan.renders).toEqual([]);
    expect(plan.distribution).toMatchObject({
      id: 'id1',
      workspaceId: 'u1',
      createdBy: 'u1',
      videoId: 'v1',
      campaignId: 'c1',
      personalizeVideo: false,
      headScript: null,
      baseUrl: 'http://app',
    });
    expect(plan.deliveries.map((d) => [d.platform, d.status, d.jobId === d.id, d.renderId])).toEqual([
      ['email', 'pending', true, null],
      ['linkedin', 'pending', true, null],
    ]);
    const [email, linkedin] = plan.deliveries;
    // Each recipient's texts are resolved; the subject and no profile on e-mail only.
    expect(email).toMatchObject({ message: 'Hi ann', profileId: null, firstName: 'ann', distributionId: 'id1' });
    expect(email!.subject).toBeTruthy();
    expect(linkedin).toMatchObject({ subject: null, profileId: 'profile-linkedin' });
    expect(new Set(plan.deliveries.map((d) => d.token)).size).toBe(2);
  });

  test('a personalised video: one render per person whatever the channels, grouped by background, deliveries wait for it', () => {
    const recipients = [
      person('bob', 'email', { background_url: 'https://x/zebra.png' }),
      person('ann', 'email', { background_url: 'https://x/apple.png' }),
      person('bob', 'linkedin', { background_url: 'https://x/zebra.png' }),
    ];
    const plan = planDistribution({ ...base, platforms: [...base.platforms], send: personal, recipients, ids: counter() });
    expect(plan.distribution).toMatchObject({ personalizeVideo: true, headScript: 'Hi {first_name}.', tailScript: 'The rest.' });
    expect(plan.renders.map((r) => [r.recipientKey, r.headScript, r.batch])).toEqual([
      ['ann', 'Hi ann.', 0],
      ['bob', 'Hi bob.', 0],
    ]);
    const renderOf = Object.fromEntries(plan.renders.map((r) => [r.recipientKey, r.id]));
    expect(plan.deliveries.map((d) => [d.recipientKey, d.platform, d.status, d.jobId, d.renderId])).toEqual([
      ['bob', 'email', 'waiting', null, renderOf.bob],
      ['ann', 'email', 'waiting', null, renderOf.ann],
      ['bob', 'linkedin', 'waiting', null, renderOf.bob],
    ]);
  });

  test('renders are numbered into batches of PERSONALISE_BATCH in order', () => {
    const recipients = Array.from({ length: PERSONALISE_BATCH * 2 + 1 }, (_, i) => person(`p${String(i).padStart(4, '0')}`, 'email'));
    const plan = planDistribution({ ...base, platforms: ['email'], send: personal, recipients, ids: counter() });
    expect(plan.renders.map((r) => r.batch)).toEqual([...Array(PERSONALISE_BATCH).fill(0), ...Array(PERSONALISE_BATCH).fill(1), 2]);
  });

  test('nobody to reach: the distribution row alone', () => {
    const plan = planDistribution({ ...base, platforms: ['email'], send: personal, recipients: [], ids: counter() });
    expect(plan).toMatchObject({ renders: [], deliveries: [] });
    expect(plan.distribution.id).toBe('id1');
  });
});
