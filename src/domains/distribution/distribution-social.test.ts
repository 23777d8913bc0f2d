import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { setup, t, setUpSmtpWorld } from './fixtures/distribute';
import { DELIVER_JOB, utcDay } from './limits';
import { deliveries, deliveryQuotas } from './tables';
import { waitUntil } from '../../test/wait';

/**
 * Distribution to social channels through the messaging provider (sandbox inbox): LinkedIn
 * contacts and social contacts, connection checks, and the daily limit that defers a delivery.
 */
setUpSmtpWorld();

describe('social channels through the messaging provider (sandbox)', () => {
  test('LinkedIn contacts and social contacts land in the sandbox inbox; WhatsApp needs a connection', async () => {
    const s = await setup({
      contacts: [
        { name: 'Lin Kedin', linkedinUrl: 'https://www.linkedin.com/in/lin-kedin', email: 'lin@example.com' },
        { name: 'No Profile', email: 'np@example.com' },
      ],
    });
    const conn = await s.client.post('/api/social-connections/linkedin/direct', { username: 'me@example.com', password: 'pw' });
    expect(conn.status).toBe(200);
    const social = (await s.client.get('/api/social-contacts')).data as { id: string; name: string; profileUrl: string }[];
    expect((await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['whatsapp'] })).data.message).toBe(
      'WhatsApp is not connected',
    );

    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, {
      contactIds: s.contactIds,
      socialContactIds: [social[0]!.id],
      platforms: ['linkedin'],
      message: 'Hello {first_name}, a video for you.',
    });
    expect(res.status).toBe(201);
    expect(res.data.deliveries).toBe(2);
    expect(res.data.skipped).toEqual([{ contactId: s.contactIds[1], name: 'No Profile', platform: 'linkedin', reason: 'No LinkedIn profile URL' }]);
    const done = await waitUntil(async () => (await s.client.get(`/api/distributions/${res.data.distributionId}/progress`)).data.deliveries.sent === 2);
    expect(done).toBe(true);
    const inbox = (await s.client.get('/api/sandbox/inbox?channel=linkedin')).data.messages as { to: string; text: string; meta: any }[];
    expect(inbox).toHaveLength(2);
    const toLin = inbox.find((m) => m.to === 'https://www.linkedin.com/in/lin-kedin')!;
    expect(toLin.text).toMatch(/^Hello Lin, a video for you\.\n\nhttp:\/\/localhost\/v\/[a-z2-7]{32}$/);
    const first = social[0]!.name.split(' ')[0];
    const toSocial = inbox.find((m) => m.to !== 'https://www.linkedin.com/in/lin-kedin')!;
    expect(toSocial.text).toStartWith(`Hello ${first}, a video for you.`);
    const detail = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
    expect(detail.deliveries.find((d: any) => d.socialContactId === social[0]!.id)).toMatchObject({ platform: 'linkedin', status: 'sent', contactId: null });
    // The same social contact again: never twice.
    const again = await s.client.post(`/api/videos/${s.videoId}/distribute`, { socialContactIds: [social[0]!.id], platforms: ['linkedin'] });
    expect(again.data).toMatchObject({ deliveries: 0, skipped: [{ socialContactId: social[0]!.id, platform: 'linkedin', reason: 'already sent' }] });
  });

  test('over the daily limit a delivery is deferred to the next day, not dropped', async () => {
    const s = await setup({
      contacts: [
        { name: 'One', linkedinUrl: 'https://www.linkedin.com/in/one' },
        { name: 'Two', linkedinUrl: 'https://www.linkedin.com/in/two' },
      ],
    });
    const conn = await s.client.post('/api/social-connections/linkedin/direct', { username: 'limits@example.com', password: 'pw' });
    const profileId = conn.data.profileId as string;
    // 79 of LinkedIn's 80 already used today by this account.
    await t.deps.db.insert(deliveryQuotas).values({ accountKey: `profile:${profileId}`, day: utcDay(new Date()), used: 79 });
    const res = await s.client.post(`/api/videos/${s.videoId}/distribute`, { contactIds: s.contactIds, platforms: ['linkedin'] });
    expect(res.data.deliveries).toBe(2);
    const settled = await waitUntil(async () => {
      const p = (await s.client.get(`/api/distributions/${res.data.distributionId}/progress`)).data;
      return p.deliveries.sent === 1 && p.deliveries.deferred === 1;
    });
    expect(settled).toBe(true);
    const detail = (await s.client.get(`/api/distributions/${res.data.distributionId}`)).data;
    const deferred = detail.deliveries.find((d: any) => d.status === 'deferred');
    const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
    expect(new Date(deferred.deferredUntil).getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect(deferred.attempts).toBe(0);
    // Its next attempt is a queued job starting tomorrow.
    const [row] = await t.deps.db.select({ jobId: deliveries.jobId }).from(deliveries).where(eq(deliveries.id, deferred.id));
    const job = await t.deps.queue.boss.getJobById(DELIVER_JOB, row!.jobId!);
    expect(job?.state).toBe('created');
    expect(new Date(job!.startAfter).getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect((await s.client.get('/api/sandbox/inbox?channel=linkedin')).data.messages).toHaveLength(1);
  });
});
