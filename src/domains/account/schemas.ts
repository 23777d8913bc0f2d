import { z } from 'zod';
import { ZOk } from '../../shared/reply-schemas';
import { ZPublicUser } from '../users/schemas';

// The answers of the account procedures (tRPC `users`): every procedure declares its output.

/** The signed-in person, or null without a session. */
export const ZMe = ZPublicUser.nullable();
export const ZPasswordChanged = z.object({ ok: z.literal(true), /** API keys revoked with the old password. */ revokedApiKeys: z.number().int() });
export const ZVideosDeleted = z.object({ deleted: z.number().int() });
export const ZAccountDeleted = ZOk;
