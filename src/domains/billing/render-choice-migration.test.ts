// The stored render choice (drizzle/0033_render-choice.sql, docs/decisions/222) on a data directory made
// before it: a tier at or below the plan's own rendered at the plan's resolution (the floor it replaces), so it
// becomes 'plan' and renders as before; a tier above it (a pack bought) stays; new rows default to 'plan'.
import { expect, test } from 'bun:test';
import { entitlements, renderResolution } from '../../shared/limits';
import type { PlanId, RenderChoice, Resolution } from '../../shared/plans';
import { migrateToLatest, migrationTest } from '../../test/migrations';

const migration = migrationTest('render-choice-migration-', '0032_personal_segments');

/** The floor rule the migration replaces: the stored tier, raised to the plan's own. */
const before: Record<string, Resolution> = {
  'basic/basic': '720p',
  'pro/basic': '1080p',
  'pro/pro': '1080p',
  'enterprise/basic': '2160p',
  'basic/pro': '1080p',
  'pro/enterprise': '2160p',
};

test('every subscription renders at the resolution it rendered at before; only a tier above the plan stays a choice', async () => {
  const { pg } = await migration.databaseBefore();
  const rows = Object.keys(before).map((key, i) => ({ id: `u${i}`, key, plan: key.split('/')[0]!, tier: key.split('/')[1]! }));
  for (const r of rows)
    await pg.exec(`
      insert into users (id, username, email, full_name, password_hash, settings) values ('${r.id}', '${r.id}', '${r.id}@example.com', 'User', 'x', '{}');
      insert into subscriptions (user_id, plan_id, billing_cycle, status, render_tier, paid_render_tier, paid_render_tier_until, current_period_start, current_period_end)
        values ('${r.id}', '${r.plan}', 'monthly', 'active', '${r.tier}', ${r.key === 'basic/pro' || r.key === 'pro/enterprise' ? `'${r.tier}', now() + interval '20 days'` : 'null, null'}, now(), now() + interval '30 days');
    `);
  await migrateToLatest(pg);

  const after = await pg.query<{
    user_id: string;
    plan_id: PlanId;
    render_tier: RenderChoice;
    paid_render_tier: 'pro' | 'enterprise' | null;
    paid_render_tier_until: Date | null;
  }>('select user_id, plan_id, render_tier, paid_render_tier, paid_render_tier_until from subscriptions order by user_id');
  const byKey = Object.fromEntries(after.rows.map((s) => [rows.find((r) => r.id === s.user_id)!.key, s]));
  expect(Object.fromEntries(Object.entries(byKey).map(([k, s]) => [k, s.render_tier]))).toEqual({
    'basic/basic': 'plan',
    'pro/basic': 'plan',
    'pro/pro': 'plan',
    'enterprise/basic': 'plan',
    'basic/pro': 'pro',
    'pro/enterprise': 'enterprise',
  });
  for (const [key, s] of Object.entries(byKey)) {
    const e = entitlements({ planId: s.plan_id, paidRenderTier: s.paid_render_tier, paidRenderTierUntil: s.paid_render_tier_until });
    expect({ key, resolution: renderResolution(e, s.render_tier) }).toEqual({ key, resolution: before[key]! });
  }
  // A subscription made from now on starts on the plan's own.
  await pg.exec(`insert into users (id, username, email, full_name, password_hash, settings) values ('new', 'new', 'new@example.com', 'New', 'x', '{}');
    insert into subscriptions (user_id, plan_id, billing_cycle, status, current_period_start, current_period_end) values ('new', 'pro', 'monthly', 'trialing', now(), now());`);
  expect((await pg.query<{ render_tier: string }>(`select render_tier from subscriptions where user_id = 'new'`)).rows).toEqual([{ render_tier: 'plan' }]);
  await pg.close();
});
