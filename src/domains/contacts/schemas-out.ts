import { z } from 'zod';
import { pageOf } from '../../shared/paging';
import { ZDeletedSuccess } from '../../shared/reply-schemas';
import { ZContact, ZContactList } from './schemas';

// tRPC answers built from the REST ones (schemas.ts): dates are ISO strings, the service formats them.
export const ZContactListPage = pageOf(ZContactList);
/** A list's contacts: one page, and how many contacts match the search in all. */
export const ZContactPage = pageOf(ZContact).extend({ total: z.number().int() });
export const ZContactDeleted = ZDeletedSuccess;
