import { z } from 'zod';
import { id } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { ZPage } from '../../shared/paging';
import { ZContact, ZContactInput, ZContactLanguage, ZContactList, ZCreateList, ZId, ZListContactsQuery, ZUpdateList } from './schemas';
import { ZContactDeleted, ZContactListPage, ZContactPage } from './schemas-out';
import {
  addContact,
  createContactList,
  deleteContact,
  deleteContactList,
  getContactList,
  listContactLists,
  listContacts,
  setContactLanguage,
  updateContactList,
} from './service';

const ZListId = id('list');

// CSV import is multipart: it lives on REST only (POST /api/contact-lists/{id}/import).
export const contactsRouter = router({
  lists: protectedProcedure
    .input(ZPage.optional())
    .output(ZContactListPage)
    .query(({ ctx, input }) => listContactLists({ db: ctx.db, scope: ctx.scope, query: input })),
  list: protectedProcedure
    .input(ZId)
    .output(ZContactList)
    .query(({ ctx, input }) => getContactList({ db: ctx.db, scope: ctx.scope, id: input.id })),
  createList: protectedProcedure
    .input(ZCreateList)
    .output(ZContactList)
    .mutation(({ ctx, input }) => createContactList({ db: ctx.db, scope: ctx.scope, input })),
  updateList: protectedProcedure
    .input(z.object({ id: ZListId, patch: ZUpdateList }).strict())
    .output(ZContactList)
    .mutation(({ ctx, input }) => updateContactList({ db: ctx.db, scope: ctx.scope, id: input.id, input: input.patch })),
  deleteList: protectedProcedure
    .input(ZId)
    .output(ZContactDeleted)
    .mutation(({ ctx, input }) => deleteContactList({ db: ctx.db, scope: ctx.scope, id: input.id })),
  contacts: protectedProcedure
    .input(z.object({ listId: ZListId }).extend(ZListContactsQuery.shape).strict())
    .output(ZContactPage)
    .query(({ ctx, input: { listId, ...query } }) => listContacts({ db: ctx.db, scope: ctx.scope, listId, query })),
  addContact: protectedProcedure
    .input(z.object({ listId: ZListId, contact: ZContactInput }).strict())
    .output(ZContact)
    .mutation(({ ctx, input }) => addContact({ db: ctx.db, scope: ctx.scope, listId: input.listId, input: input.contact })),
  setLanguage: protectedProcedure
    .input(ZContactLanguage)
    .output(ZContact)
    .mutation(({ ctx, input }) => setContactLanguage({ db: ctx.db, scope: ctx.scope, input })),
  deleteContact: protectedProcedure
    .input(ZId)
    .output(ZContactDeleted)
    .mutation(({ ctx, input }) => deleteContact({ db: ctx.db, scope: ctx.scope, id: input.id })),
});
