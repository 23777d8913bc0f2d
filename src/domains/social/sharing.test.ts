import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, testApp } from '../../test/harness';
import { addMember } from '../workspaces/fixtures/team';
import { personalScope, type Scope } from '../../server/scope';
import { disconnectProfile } from './accounts';
import { connectWhatsAppDirect } from './connect';
import { activeProfileFor, countActiveProfiles, getOwnedProfile, listProfiles, setProfileShared, socialDepsOf } from './profiles';
import { sendSocialMessage } from './send';
import { listSocialContacts, resolveSocialRecipients } from './social-contacts';
import { socialProfiles } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

/** A workspace (the owner's) with two members, A and B, and their scopes there. */
async function team() {
  const owner = await signedInClient(t.app);
  const a = await signedInClient(t.app);
  const b = await signedInClient(t.app);
  const ws = owner.user.id;
  const asA = await addMember(t.deps.db, ws, a.user.id);
  const asB = await addMember(t.deps.db, ws, b.user.id);
  return { owner, a, b, asA, asB, asOwner: personalScope(owner.user.id) };
}

const db = () => t.deps.db;
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const sendAs = (scope: Scope, profileId?: string) =>
  sendSocialMessage({ ...socialDepsOf(t.deps), scope, platform: 'whatsapp', to: { phone: '+15550100001' }, text: 'Hello', profileId });

// Issue 13: members share the social connections chosen to be shared (src/domains/social/profiles.ts visibleProfile).
describe('sharing a social profile with the workspace', () => {
  test('a member’s unshared profile is invisible to another member (404, not listed, cannot send through it) until shared', async () => {
    const { asA, asB } = await team();
    const s = socialDepsOf(t.deps);
    const r = await connectWhatsAppDirect({ ...s, scope: asA, input: { phoneNumber: '+33612345601' } });
    const [row] = await db().select().from(socialProfiles).where(eq(socialProfiles.id, r.profileId));
    expect(row.shared).toBe(false);

    // Its creator sees it, marked as theirs and not shared, with its contacts.
    expect(await listProfiles({ db: db(), scope: asA })).toMatchObject([{ id: r.profileId, shared: false, mine: true }]);
    const contactsOfA = await listSocialContacts({ db: db(), scope: asA });
    expect(contactsOfA.length).toBeGreaterThan(0);

    // Another member: absent, 404 by id, no contacts, nothing to send through.
    expect(await listProfiles({ db: db(), scope: asB })).toEqual([]);
    await expect(getOwnedProfile({ db: db(), scope: asB, id: r.profileId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(disconnectProfile({ ...s, scope: asB, id: r.profileId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setProfileShared({ db: db(), scope: asB, id: r.profileId, shared: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await listSocialContacts({ db: db(), scope: asB })).toEqual([]);
    expect(await resolveSocialRecipients({ db: db(), scope: asB, ids: ids(contactsOfA) })).toEqual([]);
    expect(await activeProfileFor({ db: db(), scope: asB, platform: 'whatsapp' })).toBeNull();
    await expect(sendAs(asB, r.profileId)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(sendAs(asB)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // A job acting for nobody in particular sees shared profiles only.
    expect(await activeProfileFor({ db: db(), scope: { workspaceId: asA.workspaceId }, platform: 'whatsapp' })).toBeNull();
    // The creator sends through it.
    expect((await sendAs(asA, r.profileId)).profileId).toBe(r.profileId);

    // Shared by its creator: every member sees and uses it.
    expect(await setProfileShared({ db: db(), scope: asA, id: r.profileId, shared: true })).toMatchObject({ id: r.profileId, shared: true, mine: true });
    expect(await listProfiles({ db: db(), scope: asB })).toMatchObject([{ id: r.profileId, shared: true, mine: false }]);
    expect((await getOwnedProfile({ db: db(), scope: asB, id: r.profileId })).id).toBe(r.profileId);
    expect(ids(await listSocialContacts({ db: db(), scope: asB }))).toEqual(ids(contactsOfA));
    expect((await resolveSocialRecipients({ db: db(), scope: asB, ids: ids(contactsOfA) })).length).toBe(contactsOfA.length);
    expect((await sendAs(asB, r.profileId)).profileId).toBe(r.profileId);
  });

  test('only its creator or an admin may change the choice: another member gets 403; the owner may unshare it', async () => {
    const { asA, asB, asOwner, owner } = await team();
    const r = await connectWhatsAppDirect({ ...socialDepsOf(t.deps), scope: asA, input: { phoneNumber: '+33612345602' } });
    await setProfileShared({ db: db(), scope: asA, id: r.profileId, shared: true });

    await expect(setProfileShared({ db: db(), scope: asB, id: r.profileId, shared: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [still] = await db().select().from(socialProfiles).where(eq(socialProfiles.id, r.profileId));
    expect(still.shared).toBe(true);

    // An admin may too (the owner here): it is then the creator's only.
    expect(await setProfileShared({ db: db(), scope: asOwner, id: r.profileId, shared: false })).toMatchObject({ shared: false, mine: false });
    expect(await listProfiles({ db: db(), scope: asB })).toEqual([]);
    const bAsAdmin: Scope = { ...asB, role: 'admin' };
    expect(await listProfiles({ db: db(), scope: bAsAdmin })).toEqual([]);
    expect(ids(await listProfiles({ db: db(), scope: asA }))).toEqual([r.profileId]);
    expect((await owner.client.get('/api/social-profiles')).data).toEqual([]);
    // The plan allowance still counts every profile of the workspace.
    expect(await countActiveProfiles(db(), asA.workspaceId)).toBe(1);
  });

  test('setShared over tRPC: the creator toggles it; another workspace’s user gets a 404', async () => {
    const owner = await signedInClient(t.app);
    const stranger = await signedInClient(t.app);
    const c = await owner.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345603' });
    const id = c.data.profileId as string;
    const off = await owner.client.trpc('mutation', 'social.setShared', { id, shared: false });
    expect(off.status).toBe(200);
    expect((await owner.client.trpc('query', 'social.profiles')).data.result.data).toMatchObject([{ id, shared: false, mine: true }]);
    expect((await stranger.client.trpc('mutation', 'social.setShared', { id, shared: true })).status).toBe(404);
  });

  test('a personal workspace’s profiles are shared and its owner’s, as before', async () => {
    const user = await signedInClient(t.app);
    const c = await user.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345604' });
    expect(c.status).toBe(200);
    expect((await user.client.get('/api/social-profiles')).data).toMatchObject([{ id: c.data.profileId, shared: true, mine: true }]);
    expect(ids(await listProfiles({ db: db(), scope: personalScope(user.user.id) }))).toEqual([c.data.profileId]);
    expect((await sendAs(personalScope(user.user.id))).profileId).toBe(c.data.profileId);
  });
});
