import { beforeAll, describe, expect, test } from 'bun:test';
import { eq, inArray } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { signedInClient, testApp } from '../../test/harness';
import { campaigns } from '../campaigns/tables';
import { storeBytes } from '../files/service';
import { files } from '../files/tables';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import type { Scope } from '../../server/scope';
import { workspaceMembers, workspaces } from '../workspaces/tables';
import { deleteAccount, deleteAllVideos } from './danger-zone';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('deleting an account, with workspaces', () => {
  test('the workspaces it owns go with it (rows and stored files); what it made in others stays, its creator unset', async () => {
    const leaver = await signedInClient(t.app);
    const teammate = await signedInClient(t.app);
    const host = await signedInClient(t.app);
    const db = t.deps.db;
    const storage = t.deps.providers.storage;
    // A team the leaver owns, with a teammate in it.
    const team = newId();
    await db.insert(workspaces).values({ id: team, name: 'Team', ownerId: leaver.user.id });
    await db.insert(workspaceMembers).values([
      { workspaceId: team, userId: leaver.user.id, role: 'owner' },
      { workspaceId: team, userId: teammate.user.id, role: 'member' },
    ]);
    const teamCampaign = newId();
    await db.insert(campaigns).values({ id: teamCampaign, workspaceId: team, createdBy: teammate.user.id, name: 'Team campaign' });
    const teamFile = await storeBytes({
      db,
      storage,
      scope: { workspaceId: team, userId: teammate.user.id },
      bytes: PNG,
      contentType: 'image/png',
      kind: 'test',
    });
    // The leaver is a member of the host's workspace and made something there.
    await db.insert(workspaceMembers).values({ workspaceId: host.user.id, userId: leaver.user.id, role: 'member' });
    const hostCampaign = newId();
    await db.insert(campaigns).values({ id: hostCampaign, workspaceId: host.user.id, createdBy: leaver.user.id, name: 'Made by the leaver' });

    expect(await deleteAccount({ db, auth: t.deps.auth, storage, userId: leaver.user.id, confirm: 'DELETE' })).toEqual({ ok: true });

    expect(
      await db
        .select()
        .from(workspaces)
        .where(inArray(workspaces.id, [team, leaver.user.id])),
    ).toEqual([]);
    expect(await db.select().from(campaigns).where(eq(campaigns.id, teamCampaign))).toEqual([]);
    expect(await db.select().from(files).where(eq(files.key, teamFile.key))).toEqual([]);
    expect(await storage.open(teamFile.key)).toBeNull();
    const [kept] = await db.select().from(campaigns).where(eq(campaigns.id, hostCampaign));
    expect(kept).toMatchObject({ workspaceId: host.user.id, createdBy: null });
    // The teammate keeps their account and their own workspace.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, teammate.user.id))).toHaveLength(1);
    expect(await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, teammate.user.id))).toHaveLength(1);
  });

  test('deleting every video of a workspace is its owner’s: a member or an admin gets 403', async () => {
    const owner = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    const db = t.deps.db;
    const video = newId();
    await db.insert(videos).values({ id: video, workspaceId: owner.user.id, createdBy: owner.user.id, title: 'Keep me', status: 'completed' });
    await db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: other.user.id, role: 'admin' });
    for (const role of ['member', 'admin'] as const) {
      const scope: Scope = { workspaceId: owner.user.id, userId: other.user.id, role };
      await expect(deleteAllVideos({ db, storage: t.deps.providers.storage, scope, confirm: 'DELETE' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await db.select({ id: videos.id }).from(videos).where(eq(videos.id, video))).toHaveLength(1);
  });
});
