import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import type { Scope } from '../../server/scope';
import { workspaceMembers } from '../workspaces/tables';
import { importContactsCsv } from './import';
import { CONTACT_MESSAGES } from './schemas';
import { addContact, createContactList, getContactList, listContacts, selectRecipients } from './service';
import { contactLists, contacts } from './tables';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof testApp>>['deps'];
beforeAll(async () => {
  ({ app, deps } = await testApp());
});

async function newList(client: TestClient, name = 'Prospects') {
  const res = await client.post('/api/contact-lists', { name, description: 'Q3 outreach' });
  expect(res.status).toBe(201);
  return res.data as { id: string; name: string; description: string | null; contactCount: number };
}

describe('contact lists', () => {
  test('create, list with contact counts, rename, delete', async () => {
    const { client } = await signedInClient(app);
    const a = await newList(client, 'Prospects');
    const b = await newList(client, 'Customers');
    expect(a).toMatchObject({ name: 'Prospects', description: 'Q3 outreach', contactCount: 0 });
    await client.post(`/api/contact-lists/${a.id}/contacts`, { name: 'Ann', email: 'ann@example.com' });
    await client.post(`/api/contact-lists/${a.id}/contacts`, { name: 'Bob' });
    const lists = (await client.get('/api/contact-lists')).data as { id: string; contactCount: number }[];
    expect(lists.map((l) => l.id)).toEqual([b.id, a.id]);
    expect(lists.find((l) => l.id === a.id)!.contactCount).toBe(2);
    expect(lists.find((l) => l.id === b.id)!.contactCount).toBe(0);

    const renamed = await client.patch(`/api/contact-lists/${a.id}`, { name: 'Hot prospects', description: '' });
    expect(renamed.status).toBe(200);
    expect(renamed.data).toMatchObject({ name: 'Hot prospects', description: null, contactCount: 2 });

    expect((await client.delete(`/api/contact-lists/${a.id}`)).status).toBe(200);
    expect(((await client.get('/api/contact-lists')).data as unknown[]).length).toBe(1);
    expect((await client.get(`/api/contact-lists/${a.id}/contacts`)).status).toBe(404);
  });

  test('name is required', async () => {
    const { client } = await signedInClient(app);
    expect((await client.post('/api/contact-lists', { description: 'x' })).data).toEqual({ message: CONTACT_MESSAGES.listName });
    expect((await client.post('/api/contact-lists', { name: '   ' })).data).toEqual({ message: CONTACT_MESSAGES.listName });
    const l = await newList(client);
    expect((await client.patch(`/api/contact-lists/${l.id}`, { name: '' })).status).toBe(400);
  });

  test('another user’s list and contacts answer 404 and stay untouched', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const list = await newList(a.client);
    const c = (await a.client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'Ann', email: 'ann@example.com' })).data;
    expect((await b.client.get(`/api/contact-lists/${list.id}/contacts`)).status).toBe(404);
    expect((await b.client.patch(`/api/contact-lists/${list.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await b.client.delete(`/api/contact-lists/${list.id}`)).status).toBe(404);
    expect((await b.client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'Eve' })).status).toBe(404);
    expect((await b.client.delete(`/api/contacts/${c.id}`)).status).toBe(404);
    const fd = new FormData();
    fd.append('file', new File(['name\nEve'], 'c.csv', { type: 'text/csv' }));
    expect((await b.client.post(`/api/contact-lists/${list.id}/import`, fd)).status).toBe(404);
    expect(((await b.client.get('/api/contact-lists')).data as unknown[]).length).toBe(0);
    const mine = (await a.client.get(`/api/contact-lists/${list.id}/contacts`)).data as { name: string }[];
    expect(mine.map((x) => x.name)).toEqual(['Ann']);
  });

  test('anonymous is 401', async () => {
    const anon = new TestClient(app);
    expect((await anon.get('/api/contact-lists')).status).toBe(401);
    expect((await anon.post('/api/contact-lists', { name: 'x' })).status).toBe(401);
  });
});

describe('contacts', () => {
  test('add with every field, read back, delete', async () => {
    const { client } = await signedInClient(app);
    const list = await newList(client);
    const res = await client.post(`/api/contact-lists/${list.id}/contacts`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.com',
      company: 'Analytical Engines',
      position: 'CTO',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      phoneNumber: '+44 20 7946 0000',
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ name: 'Ada Lovelace', firstName: 'Ada', email: 'Ada@Example.com', unsubscribed: false, listId: list.id });
    const all = await client.get(`/api/contact-lists/${list.id}/contacts`);
    expect(all.data).toHaveLength(1);
    expect(all.headers.get('x-total-count')).toBe('1');
    expect((await client.delete(`/api/contacts/${res.data.id}`)).status).toBe(200);
    expect((await client.delete(`/api/contacts/${res.data.id}`)).status).toBe(404);
    expect((await client.get(`/api/contact-lists/${list.id}/contacts`)).data).toEqual([]);
  });

  test('validation messages', async () => {
    const { client } = await signedInClient(app);
    const list = await newList(client);
    const post = (body: unknown) => client.post(`/api/contact-lists/${list.id}/contacts`, body);
    expect((await post({ company: 'Acme' })).data).toEqual({ message: CONTACT_MESSAGES.nameOrEmail });
    expect((await post({ name: '  ', email: '' })).data).toEqual({ message: CONTACT_MESSAGES.nameOrEmail });
    expect((await post({ name: 'A', email: 'not-an-email' })).data).toEqual({ message: CONTACT_MESSAGES.email });
    expect((await post({ name: 'A', phoneNumber: '12345' })).data).toEqual({ message: CONTACT_MESSAGES.phone });
    expect((await post({ name: 'A', linkedinUrl: 'linkedin.com/in/a' })).data).toEqual({ message: CONTACT_MESSAGES.linkedin });
    expect((await post({ name: 'A', linkedinUrl: 'javascript:alert(1)' })).data).toEqual({ message: CONTACT_MESSAGES.linkedin });
    expect((await post({ name: 'A', nickname: 'x' })).data).toEqual({ message: 'Unknown field: nickname' });
    // E-mail alone is enough: the name defaults to its local part.
    expect((await post({ email: 'solo@example.com' })).data).toMatchObject({ name: 'solo', email: 'solo@example.com' });
  });

  test('one contact per e-mail (any case) and per phone (any formatting) in a list; other lists are separate', async () => {
    const { client } = await signedInClient(app);
    const list = await newList(client);
    const other = await newList(client, 'Other');
    expect(
      (await client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'A', email: 'dup@example.com', phoneNumber: '+33 6 12 34 56 78' })).status,
    ).toBe(201);
    const dupEmail = await client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'B', email: 'DUP@example.com' });
    expect(dupEmail.status).toBe(409);
    expect((await client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'C', phoneNumber: '+33-612-345-678' })).status).toBe(409);
    expect((await client.post(`/api/contact-lists/${other.id}/contacts`, { name: 'B', email: 'dup@example.com' })).status).toBe(201);
  });

  test('search is a case-insensitive substring over name, email, company and position', async () => {
    const { client } = await signedInClient(app);
    const list = await newList(client);
    const add = (b: object) => client.post(`/api/contact-lists/${list.id}/contacts`, b);
    await add({ name: 'Grace Hopper', email: 'grace@navy.mil', company: 'US Navy', position: 'Rear Admiral' });
    await add({ name: 'Alan Turing', email: 'alan@bletchley.uk', company: 'GCHQ', position: 'Cryptanalyst' });
    await add({ name: 'Katherine Johnson', email: 'kj@nasa.gov', company: 'NASA', position: 'Mathematician 100%' });
    const names = async (q: string) =>
      ((await client.get(`/api/contact-lists/${list.id}/contacts?search=${encodeURIComponent(q)}`)).data as { name: string }[]).map((c) => c.name);
    expect(await names('HOPPER')).toEqual(['Grace Hopper']);
    expect(await names('bletchley')).toEqual(['Alan Turing']);
    expect(await names('nasa')).toEqual(['Katherine Johnson']);
    expect(await names('admiral')).toEqual(['Grace Hopper']);
    expect(await names('a')).toHaveLength(3);
    expect(await names('100%')).toEqual(['Katherine Johnson']);
    expect(await names('%')).toEqual(['Katherine Johnson']);
    expect(await names('zzz')).toEqual([]);
  });

  test('tRPC: lists and contacts through the same services', async () => {
    const { client } = await signedInClient(app);
    const created = await client.trpc('mutation', 'contacts.createList', { name: 'Via tRPC' });
    expect(created.status).toBe(200);
    const listId = created.data.result.data.id;
    const added = await client.trpc('mutation', 'contacts.addContact', { listId, contact: { email: 'x' } });
    expect(added.status).toBe(400);
    expect(added.data.error.message).toBe(CONTACT_MESSAGES.email);
    await client.trpc('mutation', 'contacts.addContact', { listId, contact: { name: 'Zed', company: 'Acme' } });
    const page = await client.trpc('query', 'contacts.contacts', { listId, search: 'acme' });
    expect(page.data.result.data).toMatchObject({ total: 1, items: [{ name: 'Zed' }] });
  });
});

describe('lists and contacts are the workspace’s', () => {
  test('a member’s list is the workspace’s: every member sees it, rows record who made them; another workspace gets 404', async () => {
    const owner = await signedInClient(app);
    const member = await signedInClient(app);
    const outsider = await signedInClient(app);
    const db = deps.db;
    await db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
    const inTeam: Scope = { workspaceId: owner.user.id, userId: member.user.id, role: 'member' };

    const list = await createContactList({ db, scope: inTeam, input: { name: 'Team prospects', description: null } });
    const ann = await addContact({
      db,
      scope: inTeam,
      listId: list.id,
      input: {
        name: 'Ann',
        email: 'ann@example.com',
        language: null,
        firstName: null,
        lastName: null,
        company: null,
        position: null,
        linkedinUrl: null,
        phoneNumber: null,
        fields: {},
      },
    });
    const csv = new File(['name,email\nBob,bob@example.com\n'], 'c.csv');
    expect(await importContactsCsv({ db, scope: inTeam, listId: list.id, file: csv })).toMatchObject({ imported: 1 });
    expect(
      await db.select({ workspaceId: contactLists.workspaceId, createdBy: contactLists.createdBy }).from(contactLists).where(eq(contactLists.id, list.id)),
    ).toEqual([{ workspaceId: owner.user.id, createdBy: member.user.id }]);
    const rows = await db
      .select({ name: contacts.name, workspaceId: contacts.workspaceId, createdBy: contacts.createdBy })
      .from(contacts)
      .where(eq(contacts.listId, list.id));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Ann', workspaceId: owner.user.id, createdBy: member.user.id },
      { name: 'Bob', workspaceId: owner.user.id, createdBy: member.user.id },
    ]);

    // The owner acts in the same workspace (their personal one, here shared): the list is theirs to see.
    expect((await owner.client.get(`/api/contact-lists/${list.id}`)).data).toMatchObject({ name: 'Team prospects', contactCount: 2 });
    expect((await listContacts({ db, scope: inTeam, listId: list.id })).total).toBe(2);
    expect((await selectRecipients({ db, scope: inTeam, listIds: [list.id] })).map((c) => c.id)).toContain(ann.id);
    // The member's personal workspace and another user's do not see it.
    expect((await member.client.get(`/api/contact-lists/${list.id}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/contact-lists/${list.id}`)).status).toBe(404);
    await expect(getContactList({ db, scope: { workspaceId: outsider.user.id, userId: outsider.user.id, role: 'owner' }, id: list.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await selectRecipients({ db, scope: { workspaceId: outsider.user.id }, listIds: [list.id] })).toEqual([]);
  });
});
