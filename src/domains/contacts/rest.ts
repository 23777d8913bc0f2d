import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { multipartBody } from '../../server/http/multipart';
import { handleAuthed, json, parseWith } from '../../server/http/routes';
import { importContactsCsv } from './import';
import { ZContactInput, ZCreateList, ZListContactsQuery, ZUpdateList } from './schemas';
import { addContact, createContactList, deleteContact, deleteContactList, getContactList, listContactLists, listContacts, updateContactList } from './service';

export function contactsRest(deps: AppDeps) {
  const db = deps.db;
  return new Elysia({ name: 'contacts-rest' })
    .get(
      '/api/contact-lists',
      handleAuthed(deps, (ctx) => listContactLists({ db, userId: ctx.user.id })),
    )
    .post(
      '/api/contact-lists',
      handleAuthed(deps, async (ctx, { body }) =>
        json(await createContactList({ db, userId: ctx.user.id, input: parseWith(ZCreateList, body) }), { status: 201 }),
      ),
    )
    .get(
      '/api/contact-lists/:id',
      handleAuthed(deps, (ctx, { params }) => getContactList({ db, userId: ctx.user.id, id: params.id })),
    )
    .patch(
      '/api/contact-lists/:id',
      handleAuthed(deps, (ctx, { params, body }) => updateContactList({ db, userId: ctx.user.id, id: params.id, input: parseWith(ZUpdateList, body) })),
    )
    .delete(
      '/api/contact-lists/:id',
      handleAuthed(deps, (ctx, { params }) => deleteContactList({ db, userId: ctx.user.id, id: params.id })),
    )
    .get(
      '/api/contact-lists/:id/contacts',
      handleAuthed(deps, async (ctx, { params, query }) => {
        const page = await listContacts({ db, userId: ctx.user.id, listId: params.id, query: parseWith(ZListContactsQuery, query) });
        // The spec's client reads an array; the total (for paging) travels in a header.
        return json(page.items, { headers: { 'x-total-count': String(page.total) } });
      }),
    )
    .post(
      '/api/contact-lists/:id/contacts',
      handleAuthed(deps, async (ctx, { params, body }) =>
        json(await addContact({ db, userId: ctx.user.id, listId: params.id, input: parseWith(ZContactInput, body) }), { status: 201 }),
      ),
    )
    .post(
      '/api/contact-lists/:id/import',
      // The raw body: the import's worker thread reads the multipart envelope too (20 MB).
      handleAuthed(deps, (ctx, { params, body, request }) =>
        importContactsCsv({ db, userId: ctx.user.id, listId: params.id, file: multipartBody(body, request), inProcessDatabase: !deps.env.DATABASE_URL }),
      ),
      { parse: 'arrayBuffer' },
    )
    .delete(
      '/api/contacts/:id',
      handleAuthed(deps, (ctx, { params }) => deleteContact({ db, userId: ctx.user.id, id: params.id })),
    );
}
