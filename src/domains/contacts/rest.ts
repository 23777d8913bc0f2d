import { z } from 'zod';
import { created, defineRoute, ok, tagged } from '../../server/http/define-route';
import { multipartBody } from '../../server/http/multipart';
import { PAGE_HEADERS, pagedJson } from '../../server/http/paged';
import { ZPage } from '../../shared/paging';
import { ZDeletedSuccess } from '../../shared/reply-schemas';
import { importContactsCsv } from './import';
import { ZContact, ZContactInput, ZContactList, ZCreateList, ZImportQuery, ZImportResult, ZListContactsQuery, ZUpdateList } from './schemas';
import { translateMessage } from '../../server/i18n/translate';
import { addContact, createContactList, deleteContact, deleteContactList, getContactList, listContactLists, listContacts, updateContactList } from './service';
import { byIdRoute, createRoute, pagedRoute, updateRoute } from '../../server/http/row-routes';

export const contactsRoutes = tagged('contacts', [
  pagedRoute('/api/contact-lists', 'Contact lists with their counts, newest first', ZPage, ZContactList, listContactLists),
  createRoute('/api/contact-lists', 'Create a list', ZCreateList, ZContactList, createContactList),
  byIdRoute('GET', '/api/contact-lists/:id', 'A list', ZContactList, getContactList),
  updateRoute('/api/contact-lists/:id', 'Rename a list', ZUpdateList, ZContactList, updateContactList),
  byIdRoute('DELETE', '/api/contact-lists/:id', 'Delete a list and its contacts', ZDeletedSuccess, deleteContactList),
  defineRoute({
    method: 'GET',
    path: '/api/contact-lists/:id/contacts',
    summary: 'Contacts of a list in the order added (search; one page at a time, next page: X-Next-Cursor / Link; total in X-Total-Count)',
    access: 'user',
    query: ZListContactsQuery,
    responses: [
      ok(
        z.array(ZContact),
        'One page of contacts (limit default 50, at most 200)',
        { 'X-Total-Count': 'All the contacts matching the search' },
        { ...PAGE_HEADERS },
      ),
    ],
    handler: async (ctx, { params, query, request }) => {
      const page = await listContacts({ db: ctx.db, scope: ctx.scope, listId: params.id, query });
      // The spec's client reads an array; the total and the next cursor travel in headers.
      return pagedJson(request, page, { 'x-total-count': String(page.total) });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/contact-lists/:id/contacts',
    summary: 'Add a contact',
    access: 'user',
    body: ZContactInput,
    responses: [created(ZContact)],
    handler: (ctx, { params, body }) => addContact({ db: ctx.db, scope: ctx.scope, listId: params.id, input: body }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/contact-lists/:id/import',
    summary: 'Import a CSV (≤ 50,000 rows): imported, skipped, errors',
    access: 'user',
    file: 'file',
    query: ZImportQuery,
    // The raw body: the import's worker thread reads the multipart envelope too (20 MB).
    rawBody: true,
    responses: [ok(ZImportResult)],
    handler: async (ctx, { params, body, request, query }) => {
      const result = await importContactsCsv({
        db: ctx.db,
        scope: ctx.scope,
        listId: params.id,
        file: multipartBody(body, request),
        inProcessDatabase: !ctx.env.DATABASE_URL,
        mapping: query.columns ?? null,
      });
      // The skip reasons in the caller's language (decision 223).
      return { ...result, errors: result.errors.map((e) => ({ ...e, reason: translateMessage(e.reason, ctx.locale ?? 'en') })) };
    },
  }),
  byIdRoute('DELETE', '/api/contacts/:id', 'Delete a contact', ZDeletedSuccess, deleteContact),
]);
