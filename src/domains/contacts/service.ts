import { likePattern } from '../../server/db/like';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { afterCursor, decodeCursor, fetchSize, timestampKey, toPage } from '../../server/db/keyset';
import type { Page, TPage } from '../../shared/paging';
import { isUniqueViolation } from '../../server/db/errors';
import { AppError, notFound } from '../../server/http/app-error';
import { newId } from '../../shared/ids';
import type { ContactValues, TContactLanguage, TCreateList, TListContactsQuery, TUpdateList } from './schemas';
import { contactLists, contacts, type ContactListRow, type ContactRow } from './tables';
import { createdIn, inWorkspace, ownRow, type Scope } from '../../server/scope';

export const LIST_NOT_FOUND = 'Contact list not found';
export const CONTACT_NOT_FOUND = 'Contact not found';
export const DUPLICATE_CONTACT = 'A contact with this email or phone number is already in the list';

export function toContactList(row: ContactListRow, contactCount: number) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    contactCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type ContactList = ReturnType<typeof toContactList>;

export function toContact(row: ContactRow) {
  return {
    id: row.id,
    listId: row.listId,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: row.company,
    position: row.position,
    linkedinUrl: row.linkedinUrl,
    phoneNumber: row.phoneNumber,
    language: row.language ?? null,
    fields: row.fields ?? {},
    unsubscribed: row.unsubscribedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type Contact = ReturnType<typeof toContact>;

/** The list when it is in the scope's workspace; another workspace's list answers 404 like a missing one. */
export async function getOwnedList(opts: { db: Db; scope: Scope; listId: string }): Promise<ContactListRow> {
  return ownRow(opts.db, contactLists, opts.scope, opts.listId, LIST_NOT_FOUND);
}

/**
 * Refuses (404, as for one list) when any of `listIds` is not a list of the scope's workspace: a
 * send or its preview naming another workspace's list must not answer as if the list were empty.
 */
export async function assertOwnLists(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; listIds: string[] }): Promise<void> {
  const ids = [...new Set(opts.listIds)];
  if (!ids.length) return;
  const [r] = await opts.db
    .select({ n: count() })
    .from(contactLists)
    .where(and(inWorkspace(contactLists, opts.scope), inArray(contactLists.id, ids)));
  if (Number(r?.n ?? 0) !== ids.length) throw notFound(LIST_NOT_FOUND);
}

async function countOf(db: Db, listId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(contacts).where(eq(contacts.listId, listId));
  return Number(r?.n ?? 0);
}

/** One page of the workspace's contact lists, newest first, each with its count (counted for that page only). */
export async function listContactLists(opts: { db: Db; scope: Scope; query?: TPage }): Promise<Page<ContactList>> {
  const { db, scope, query = {} } = opts;
  const cursor = decodeCursor(query.cursor);
  const rows = await db
    .select({ list: contactLists, cursorKey: timestampKey(contactLists.createdAt) })
    .from(contactLists)
    .where(and(inWorkspace(contactLists, scope), afterCursor(contactLists.createdAt, contactLists.id, cursor, 'desc')))
    .orderBy(desc(contactLists.createdAt), desc(contactLists.id))
    .limit(fetchSize(query));
  const ids = rows.map((r) => r.list.id);
  const counts = ids.length
    ? await db
        .select({ listId: contacts.listId, n: count() })
        .from(contacts)
        .where(and(inWorkspace(contacts, scope), inArray(contacts.listId, ids)))
        .groupBy(contacts.listId)
    : [];
  const n = new Map(counts.map((c) => [c.listId, Number(c.n)]));
  return toPage(
    rows,
    query,
    (r) => ({ key: r.cursorKey, id: r.list.id }),
    (r) => toContactList(r.list, n.get(r.list.id) ?? 0),
  );
}

export async function getContactList(opts: { db: Db; scope: Scope; id: string }) {
  const row = await getOwnedList({ db: opts.db, scope: opts.scope, listId: opts.id });
  return toContactList(row, await countOf(opts.db, row.id));
}

export async function createContactList(opts: { db: Db; scope: Scope; input: TCreateList }) {
  const [row] = await opts.db
    .insert(contactLists)
    .values({ id: newId(), ...createdIn(opts.scope), name: opts.input.name, description: opts.input.description ?? null })
    .returning();
  return toContactList(row, 0);
}

export async function updateContactList(opts: { db: Db; scope: Scope; id: string; input: TUpdateList }) {
  const { db, scope, id, input } = opts;
  await getOwnedList({ db, scope, listId: id });
  const patch: Partial<typeof contactLists.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  const [row] = await db
    .update(contactLists)
    .set(patch)
    .where(and(eq(contactLists.id, id), inWorkspace(contactLists, scope)))
    .returning();
  return toContactList(row, await countOf(db, id));
}

export async function deleteContactList(opts: { db: Db; scope: Scope; id: string }) {
  await getOwnedList({ db: opts.db, scope: opts.scope, listId: opts.id });
  await opts.db.delete(contactLists).where(and(eq(contactLists.id, opts.id), inWorkspace(contactLists, opts.scope)));
  return { success: true as const, id: opts.id };
}

/** One page of a list's contacts in the order they were added (keyset on (created_at, id)), searched by the server; `total` counts every match. */
export async function listContacts(opts: { db: Db; scope: Scope; listId: string; query?: TListContactsQuery }) {
  const { db, scope, listId, query = {} } = opts;
  const cursor = decodeCursor(query.cursor);
  await getOwnedList({ db, scope, listId });
  const where: SQL[] = [eq(contacts.listId, listId), inWorkspace(contacts, scope)];
  if (query.search) {
    const p = likePattern(query.search);
    where.push(or(ilike(contacts.name, p), ilike(contacts.email, p), ilike(contacts.company, p), ilike(contacts.position, p))!);
  }
  const [rows, [total]] = await Promise.all([
    db
      .select({ contact: contacts, cursorKey: timestampKey(contacts.createdAt) })
      .from(contacts)
      .where(and(...where, afterCursor(contacts.createdAt, contacts.id, cursor, 'asc')))
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(fetchSize(query)),
    db
      .select({ n: count() })
      .from(contacts)
      .where(and(...where)),
  ]);
  const page = toPage(
    rows,
    query,
    (r) => ({ key: r.cursorKey, id: r.contact.id }),
    (r) => toContact(r.contact),
  );
  return { ...page, total: Number(total?.n ?? 0) };
}

export async function addContact(opts: { db: Db; scope: Scope; listId: string; input: ContactValues }) {
  const { db, scope, listId, input } = opts;
  await getOwnedList({ db, scope, listId });
  try {
    const [row] = await db
      .insert(contacts)
      .values({ id: newId(), ...createdIn(scope), listId, ...input })
      .returning();
    await db.update(contactLists).set({ updatedAt: new Date() }).where(eq(contactLists.id, listId));
    return toContact(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ALREADY_EXISTS', DUPLICATE_CONTACT);
    throw e;
  }
}

/** Sets the language a contact's e-mails and landing pages are written in (null: the video's). */
export async function setContactLanguage(opts: { db: Db; scope: Scope; input: TContactLanguage }) {
  const [row] = await opts.db
    .update(contacts)
    .set({ language: opts.input.language, updatedAt: new Date() })
    .where(and(eq(contacts.id, opts.input.id), inWorkspace(contacts, opts.scope)))
    .returning();
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContact(row);
}

export async function deleteContact(opts: { db: Db; scope: Scope; id: string }) {
  const [row] = await opts.db
    .delete(contacts)
    .where(and(eq(contacts.id, opts.id), inWorkspace(contacts, opts.scope)))
    .returning({ id: contacts.id });
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return { success: true as const, id: row.id };
}

/**
 * The workspace's contacts named directly or through their lists, each once: what a distribution
 * sends to. Ids of other workspaces' contacts or lists are ignored. Unsubscribed contacts are
 * returned with `unsubscribed: true` so the caller can record them as skipped.
 */
export async function selectRecipients(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; contactIds?: string[]; listIds?: string[] }) {
  const { db, scope, contactIds = [], listIds = [] } = opts;
  if (!contactIds.length && !listIds.length) return [];
  const by: SQL[] = [];
  if (contactIds.length) by.push(inArray(contacts.id, contactIds));
  if (listIds.length) by.push(inArray(contacts.listId, listIds));
  const rows = await db
    .select()
    .from(contacts)
    .where(and(inWorkspace(contacts, scope), or(...by)))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
  return rows.map(toContact);
}

/** Marks every contact of the workspace with this e-mail as unsubscribed (one-click unsubscribe). */
export async function unsubscribeEmail(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; email: string; at?: Date }) {
  const rows = await opts.db
    .update(contacts)
    .set({ unsubscribedAt: opts.at ?? new Date() })
    .where(and(inWorkspace(contacts, opts.scope), sql`lower(${contacts.email}) = ${opts.email.toLowerCase()}`, sql`${contacts.unsubscribedAt} is null`))
    .returning({ id: contacts.id });
  return { updated: rows.length };
}
