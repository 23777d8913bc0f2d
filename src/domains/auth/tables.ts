import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerId, users } from '../users/tables';
import { workspaces } from '../workspaces/tables';
import { createdAtColumn } from '../../server/db/columns';

/** A single-use, expiring token of a user, shown once: only its SHA-256 is kept. */
const singleUseToken = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: ownerId(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
});

// A reset link's token is shown once, in the e-mail; only its SHA-256 is kept.
export const passwordResets = pgTable('password_resets', singleUseToken(), (t) => [index('password_resets_user_idx').on(t.userId)]);

// A link proving an address (docs/decisions/205): the sign-up's own address, or the new one of an
// e-mail change, which replaces the account's address only when the link is opened.
export const emailVerifications = pgTable('email_verifications', { ...singleUseToken(), email: text('email').notNull() }, (t) => [
  index('email_verifications_user_idx').on(t.userId),
]);

// Two-factor sign-in (docs/decisions/160). The TOTP secret is kept encrypted by the app's secret
// box, bound to its user; `enabledAt` is null while a set-up waits for its first code.
// `lastUsedStep` is the time step of the last code accepted: a code is never accepted twice.
export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAtColumn(),
});

// Ten recovery codes, shown once; only a keyed hash (HMAC) is kept. `usedAt` spends one.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: ownerId(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

// The password step of a two-factor login: a short-lived pending token (SHA-256 kept), no session.
export const loginChallenges = pgTable('login_challenges', singleUseToken(), (t) => [
  index('login_challenges_user_idx').on(t.userId),
  index('login_challenges_expires_idx').on(t.expiresAt),
]);

// lucia's sessions (src/domains/auth/lucia.ts).
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The workspace this session acts in (the switcher sets it); null: the user's personal one. */
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
