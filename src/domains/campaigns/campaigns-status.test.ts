import { describe, expect, test } from 'bun:test';
import { signedInClient } from '../../test/harness';
import { personalScope } from '../../server/scope';
import { dayFromToday, payload, t, setUpTestApp } from './fixtures/campaigns';
import { budgetPercent, createCampaign, durationDays, getCampaign, listCampaigns, statusByDates, updateCampaign } from './service';

/**
 * A campaign's status: launch, pause, resume and complete, the days passing, moved dates; and the
 * pure rules of §9 (duration, budget percent, status by dates).
 */
setUpTestApp();

describe('status actions', () => {
  async function campaign(over: Record<string, unknown>) {
    const s = await signedInClient(t.app);
    const c = (await s.client.post('/api/campaigns', payload(over))).data;
    const act = async (action: string) => s.client.patch(`/api/campaigns/${c.id}`, { action });
    return { ...s, c, act };
  }

  test('launch makes a campaign active when it runs today, scheduled before its start, completed after its end', async () => {
    expect((await (await campaign({ startDate: dayFromToday(-1), endDate: dayFromToday(10) })).act('launch')).data.status).toBe('active');
    expect((await (await campaign({ startDate: dayFromToday(3), endDate: dayFromToday(10) })).act('launch')).data.status).toBe('scheduled');
    expect((await (await campaign({ startDate: dayFromToday(-10), endDate: dayFromToday(-1) })).act('launch')).data.status).toBe('completed');
    expect((await (await campaign({ startDate: null, endDate: null })).act('launch')).data.status).toBe('active');
  });

  test('pause, resume and complete', async () => {
    const { act, client, c } = await campaign({ startDate: dayFromToday(0), endDate: dayFromToday(30) });
    expect((await act('pause')).data).toEqual({ message: 'Only an active or scheduled campaign can be paused' });
    expect((await act('resume')).data).toEqual({ message: 'Only a paused campaign can be resumed' });
    expect((await act('launch')).data.status).toBe('active');
    expect((await act('pause')).data.status).toBe('paused');
    expect((await act('pause')).data.status).toBe('paused');
    expect((await act('resume')).data.status).toBe('active');
    expect((await act('complete')).data.status).toBe('completed');
    expect((await act('pause')).status).toBe(400);
    expect((await client.get(`/api/campaigns/${c.id}`)).data.status).toBe('completed');
    expect((await client.patch(`/api/campaigns/${c.id}`, { action: 'archive' })).data).toEqual({ message: 'Unknown action' });
  });

  test('resuming a campaign whose start is still ahead makes it scheduled', async () => {
    const { act } = await campaign({ startDate: dayFromToday(5), endDate: dayFromToday(30) });
    expect((await act('launch')).data.status).toBe('scheduled');
    expect((await act('pause')).data.status).toBe('paused');
    expect((await act('resume')).data.status).toBe('scheduled');
  });

  test('scheduled campaigns start, and running ones end, as the days pass', async () => {
    const { user } = await signedInClient(t.app);
    const db = t.deps.db;
    const day0 = new Date('2031-05-01T12:00:00Z');
    const c = await createCampaign({
      db,
      hooks: t.deps.hooks,
      scope: personalScope(user.id),
      input: { name: 'Timed', platforms: ['email'], startDate: '2031-05-10', endDate: '2031-05-20' },
      now: day0,
    });
    expect((await updateCampaign({ db, hooks: t.deps.hooks, scope: personalScope(user.id), id: c.id, input: { action: 'launch' }, now: day0 })).status).toBe(
      'scheduled',
    );
    expect((await listCampaigns({ db, hooks: t.deps.hooks, scope: personalScope(user.id), now: new Date('2031-05-09T23:59:00Z') })).items[0].status).toBe(
      'scheduled',
    );
    expect((await listCampaigns({ db, hooks: t.deps.hooks, scope: personalScope(user.id), now: new Date('2031-05-10T00:01:00Z') })).items[0].status).toBe(
      'active',
    );
    expect((await getCampaign({ db, hooks: t.deps.hooks, scope: personalScope(user.id), id: c.id, now: new Date('2031-05-20T23:00:00Z') })).status).toBe(
      'active',
    );
    expect((await getCampaign({ db, hooks: t.deps.hooks, scope: personalScope(user.id), id: c.id, now: new Date('2031-05-21T00:00:01Z') })).status).toBe(
      'completed',
    );
  });

  test('moving the dates of a running campaign re-evaluates it', async () => {
    const { act, client, c } = await campaign({ startDate: dayFromToday(-1), endDate: dayFromToday(30) });
    expect((await act('launch')).data.status).toBe('active');
    expect((await client.patch(`/api/campaigns/${c.id}`, { startDate: dayFromToday(2) })).data.status).toBe('scheduled');
  });
});

describe('rules of §9', () => {
  test('duration is the rounded-up day difference; budget percent is rounded; dates decide the launch status', () => {
    expect(durationDays('2025-01-01', '2025-04-02')).toBe(91);
    expect(durationDays('2025-01-01', '2025-01-01')).toBe(0);
    expect(durationDays(null, '2025-01-01')).toBeNull();
    expect(budgetPercent(2750, 5000)).toBe(55);
    expect(budgetPercent(1, 3)).toBe(33);
    expect(budgetPercent(5, 0)).toBe(0);
    expect(statusByDates({ startDate: '2025-01-02', endDate: null }, '2025-01-01')).toBe('scheduled');
    expect(statusByDates({ startDate: '2025-01-01', endDate: '2025-01-01' }, '2025-01-01')).toBe('active');
    expect(statusByDates({ startDate: null, endDate: '2025-01-01' }, '2025-01-02')).toBe('completed');
  });
});
