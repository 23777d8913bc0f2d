import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, testApp } from '../../test/harness';
import { addMember } from '../workspaces/fixtures/team';
import { personalScope, type Scope } from '../../server/scope';
import { disconnectProfile } from './accounts';
import { allowSandboxConsent, connectWhatsAppDirect, createAuthLink } from './connect';
import { listInbox } from './inbox';
import { countActiveProfiles, listProfiles, setProfileShared, socialDepsOf } from './profiles';
import { sendSocialMessage } from './send';
import { listSocialContacts } from './social-contacts';
import { sandboxMessages, socialProfiles } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

/** An owner and a member of the owner's workspace (its id is the owner's), with both scopes. */
async function team() {
  const owner = await signedInClient(t.app);
  const member = await signedInClient(t.app);
  return { owner, member, inTeam: await addMember(t.deps.db, owner.user.id, member.user.id) };
}

// Teams share their social connections: a profile belongs to the workspace and every member sees and uses the shared ones.
describe('social profiles are the workspace’s', () => {
  test('a member connects in the workspace and shares it: every member sees the profile and its contacts; it records who connected it', async () => {
    const { owner, member, inTeam } = await team();
    const s = socialDepsOf(t.deps);
    const r = await connectWhatsAppDirect({ ...s, scope: inTeam, input: { phoneNumber: '+33612345670' } });
    expect(r.status).toBe('active');

    const [row] = await t.deps.db.select().from(socialProfiles).where(eq(socialProfiles.id, r.profileId));
    // A new connection in a team workspace is its creator's until they share it (sharing.test.ts).
    expect(row).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id, shared: false });
    expect((await owner.client.get('/api/social-profiles')).data).toEqual([]);
    await setProfileShared({ db: t.deps.db, scope: inTeam, id: r.profileId, shared: true });
    // Shared: the owner, in the workspace, sees it through the API and the service; the member's personal workspace does not.
    expect(((await owner.client.get('/api/social-profiles')).data as { id: string }[]).map((p) => p.id)).toEqual([r.profileId]);
    expect((await listProfiles({ db: t.deps.db, scope: inTeam })).map((p) => p.id)).toEqual([r.profileId]);
    expect((await member.client.get('/api/social-profiles')).data).toEqual([]);
    expect((await listSocialContacts({ db: t.deps.db, scope: inTeam })).length).toBeGreaterThan(0);
    expect((await owner.client.get('/api/social-contacts')).data.length).toBe((await listSocialContacts({ db: t.deps.db, scope: inTeam })).length);
    expect(await countActiveProfiles(t.deps.db, owner.user.id)).toBe(1);
    expect(await countActiveProfiles(t.deps.db, member.user.id)).toBe(0);
  });

  test('a member sends through a profile the owner connected; the sandbox files it in the workspace’s inbox with its sender', async () => {
    const { owner, member, inTeam } = await team();
    expect((await owner.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345671' })).status).toBe(200);
    const sent = await sendSocialMessage({
      ...socialDepsOf(t.deps),
      scope: inTeam,
      platform: 'whatsapp',
      to: { phone: '+15550100000' },
      text: 'From the team',
    });

    const [m] = await t.deps.db.select().from(sandboxMessages).where(eq(sandboxMessages.id, sent.messageId));
    expect(m).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id, text: 'From the team' });
    expect((await owner.client.get('/api/sandbox/inbox')).data.messages.map((x: { id: string }) => x.id)).toContain(sent.messageId);
    expect((await listInbox({ db: t.deps.db, scope: inTeam })).messages.map((x) => x.id)).toContain(sent.messageId);
    expect((await member.client.get('/api/sandbox/inbox?channel=whatsapp')).data.messages).toEqual([]);
  });

  test('the allowance counts the workspace’s profiles, whoever connected them', async () => {
    const { owner, member, inTeam } = await team();
    const s = socialDepsOf(t.deps);
    // New users are on the Pro trial: 5 social profiles in the workspace.
    for (let i = 0; i < 3; i++)
      expect((await owner.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: `+3361234568${i}` })).status).toBe(200);
    for (let i = 3; i < 5; i++) await connectWhatsAppDirect({ ...s, scope: inTeam, input: { phoneNumber: `+3361234568${i}` } });
    await expect(connectWhatsAppDirect({ ...s, scope: inTeam, input: { phoneNumber: '+33612345689' } })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect((await owner.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345689' })).status).toBe(402);
    // The member's own workspace has its own allowance.
    expect((await member.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345689' })).status).toBe(200);
  });

  test('a member may disconnect a profile of the workspace; another workspace’s profile is a 404', async () => {
    const { owner, member, inTeam } = await team();
    const outsider = await signedInClient(t.app);
    const r = await owner.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345672' });
    const s = socialDepsOf(t.deps);
    await expect(
      disconnectProfile({ ...s, scope: { workspaceId: outsider.user.id, userId: outsider.user.id, role: 'owner' }, id: r.data.profileId }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await member.client.delete(`/api/social-profiles/${r.data.profileId}`)).status).toBe(404);
    expect(await disconnectProfile({ ...s, scope: inTeam, id: r.data.profileId })).toEqual({ success: true, id: r.data.profileId });
    expect(await t.deps.db.select().from(socialProfiles).where(eq(socialProfiles.id, r.data.profileId))).toEqual([]);
  });

  test('a connect link works for the member who asked for it, in that workspace only', async () => {
    const { owner, member, inTeam } = await team();
    const s = socialDepsOf(t.deps);
    const link = await createAuthLink({ ...s, scope: inTeam, platform: 'linkedin' });
    const token = link.authUrl.split('/').pop()!;
    const allow = (scope: Scope) => allowSandboxConsent({ ...s, scope, token, platform: 'linkedin', accountName: 'Team LinkedIn' });
    // Another member of the workspace, and the same member in their personal workspace: as if expired.
    await expect(allow(personalScope(owner.user.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(allow(personalScope(member.user.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const r = await allow(inTeam);
    const [row] = await t.deps.db.select().from(socialProfiles).where(eq(socialProfiles.id, r.profileId));
    expect(row).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id, status: 'active', profileName: 'Team LinkedIn' });
  });
});
