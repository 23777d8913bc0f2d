import { eq } from 'drizzle-orm';
import { revokeAllApiKeys } from '../api-keys/service';
import { resetSettings } from '../users/settings';
import type { Db } from '../../server/db/client';
import type { Auth } from '../auth/lucia';
import { AppError } from '../../server/http/app-error';
import type { StorageProvider } from '../../server/providers/storage/types';
import { deleteAllFilesOf } from '../files/service';
import { videos } from '../videos/tables';
import { users } from '../users/tables';
import { inWorkspace, requireRole, type Scope } from '../../server/scope';
import { workspaces } from '../workspaces/tables';

export const DELETE_CONFIRMATION = 'DELETE';
export const RESET_CONFIRMATION = 'RESET';

// The message does not repeat the word: the screen shows it to the person, a script must not learn it from us.
function requireConfirmation(confirm: string, word = DELETE_CONFIRMATION) {
  if (confirm !== word) throw new AppError('INVALID_INPUT', 'The confirmation text does not match');
}

/** Danger zone: settings back to the defaults and every API key revoked. */
export async function resetAccount(opts: { db: Db; userId: string; confirm: string }) {
  requireConfirmation(opts.confirm, RESET_CONFIRMATION);
  await revokeAllApiKeys({ db: opts.db, userId: opts.userId });
  return resetSettings({ db: opts.db, userId: opts.userId });
}

/** Danger zone: every video of the workspace, with its rendered files. The owner's alone (403 otherwise). */
export async function deleteAllVideos(opts: { db: Db; storage: StorageProvider; scope: Scope; confirm: string }) {
  requireRole(opts.scope, 'owner');
  requireConfirmation(opts.confirm);
  const gone = await opts.db.delete(videos).where(inWorkspace(videos, opts.scope)).returning({ id: videos.id });
  await deleteAllFilesOf({ db: opts.db, storage: opts.storage, scope: opts.scope, kinds: ['video', 'thumbnail', 'render', 'personal'] });
  return { deleted: gone.length };
}

/**
 * Danger zone: the account, its sessions, rows (cascade) and stored files. The workspaces the user
 * owns go with them (their personal one and any team they own: foreign-key cascade, with every
 * row and stored file in them; the other members lose access). What they made in workspaces of
 * others stays there, its creator unset.
 */
export async function deleteAccount(opts: { db: Db; auth: Auth; storage: StorageProvider; userId: string; confirm: string }) {
  requireConfirmation(opts.confirm);
  const owned = await opts.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.ownerId, opts.userId));
  const ids = new Set([opts.userId, ...owned.map((w) => w.id)]);
  for (const workspaceId of ids) await deleteAllFilesOf({ db: opts.db, storage: opts.storage, scope: { workspaceId } });
  await opts.auth.invalidateUserSessions(opts.userId);
  await opts.db.delete(users).where(eq(users.id, opts.userId));
  return { ok: true as const };
}
