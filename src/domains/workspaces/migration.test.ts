// The move into workspaces (drizzle/0018_workspaces.sql) on a data directory made with the schema
// before it: every row lands in its owner's personal workspace, nothing is lost, the counters'
// triggers still follow, and a user made afterwards gets a personal workspace too.
import { expect, test } from 'bun:test';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest, migrationTest } from '../../test/migrations';

const migration = migrationTest('ws-migration-', '0017_list-paging');

test("a data directory made before workspaces moves into each user's personal workspace with nothing lost", async () => {
  // Today's schema, with two users' data in it.
  const before = await migration.databaseBefore();
  const dataDir = before.dataDir;
  let pg = before.pg;
  for (const u of ['u1', 'u2']) {
    await pg.exec(`
      insert into users (id, username, email, full_name, password_hash, settings) values ('${u}', '${u}', '${u}@example.com', 'User ${u}', 'x', '{}');
      insert into campaigns (id, user_id, name, status) values ('c-${u}', '${u}', 'Campaign ${u}', 'draft');
      insert into videos (id, user_id, campaign_id, title, status, template_id) values ('v-${u}', '${u}', 'c-${u}', 'Video ${u}', 'completed', 't1');
      insert into video_stats (video_id, user_id, campaign_id, views, watched_sum, cta_clicks) values ('v-${u}', '${u}', 'c-${u}', 3, 30, 1);
      insert into contact_lists (id, user_id, name) values ('l-${u}', '${u}', 'List ${u}');
      insert into sessions (id, user_id, expires_at) values ('s${u}', '${u}', now() + interval '1 day');
      insert into api_keys (id, user_id, name, prefix, hash) values ('k-${u}', '${u}', 'Key', 'vk_', 'hash-${u}');
    `);
  }
  await pg.close();

  // A copy of that directory, migrated by the app's own migrations folder.
  const copy = join(migration.root, 'pglite-copy');
  cpSync(dataDir, copy, { recursive: true });
  pg = new PGlite(copy);
  await migrateToLatest(pg);
  const rows = async <T>(q: string) => (await pg.query<T>(q)).rows;

  expect(await rows('select id, name, owner_id from workspaces order by id')).toEqual([
    { id: 'u1', name: 'User u1', owner_id: 'u1' },
    { id: 'u2', name: 'User u2', owner_id: 'u2' },
  ]);
  expect(await rows('select workspace_id, user_id, role from workspace_members order by workspace_id')).toEqual([
    { workspace_id: 'u1', user_id: 'u1', role: 'owner' },
    { workspace_id: 'u2', user_id: 'u2', role: 'owner' },
  ]);
  for (const table of ['campaigns', 'videos', 'contact_lists']) {
    expect(await rows(`select id, workspace_id, created_by from ${table} order by id`)).toHaveLength(2);
    for (const r of await rows<{ id: string; workspace_id: string; created_by: string }>(`select id, workspace_id, created_by from ${table}`)) {
      expect(r.id.endsWith(r.workspace_id)).toBe(true);
      expect(r.created_by).toBe(r.workspace_id);
    }
  }
  expect(await rows('select workspace_id, campaign_key, views from campaign_stats order by 1')).toEqual([
    { workspace_id: 'u1', campaign_key: 'c-u1', views: 3 },
    { workspace_id: 'u2', campaign_key: 'c-u2', views: 3 },
  ]);
  expect(await rows('select id, workspace_id from api_keys order by id')).toEqual([
    { id: 'k-u1', workspace_id: 'u1' },
    { id: 'k-u2', workspace_id: 'u2' },
  ]);
  expect(await rows('select id, workspace_id from sessions order by id')).toEqual([
    { id: 'su1', workspace_id: null },
    { id: 'su2', workspace_id: null },
  ]);

  // The counters' triggers follow the renamed column.
  await pg.exec(`update video_stats set views = views + 2 where video_id = 'v-u1'`);
  await pg.exec(`insert into videos (id, workspace_id, created_by, title, status, template_id) values ('v-u1b', 'u1', 'u1', 'Second', 'completed', 't1')`);
  expect(await rows(`select views from campaign_stats where workspace_id = 'u1'`)).toEqual([{ views: 5 }]);
  expect(await rows(`select template_key, uses from template_uses where workspace_id = 'u1'`)).toEqual([{ template_key: 't1', uses: 2 }]);

  // A user made now gets a personal workspace, whatever made them.
  await pg.exec(`insert into users (id, username, email, full_name, password_hash, settings) values ('u3', 'u3', 'u3@example.com', 'User u3', 'x', '{}')`);
  expect(await rows(`select w.id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id where w.id = 'u3'`)).toEqual([
    { id: 'u3', role: 'owner' },
  ]);

  // Deleting a user deletes their personal workspace and what is in it.
  await pg.exec(`delete from users where id = 'u2'`);
  expect(await rows(`select count(*)::int as n from campaigns where workspace_id = 'u2'`)).toEqual([{ n: 0 }]);
  await pg.close();
}, 60_000);
