import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IntegrationProvider } from '../../shared/integrations';
import { timestamps } from '../../server/db/columns';
import { ownedColumns } from '../workspaces/tables';

// A workspace's connection to a voice or video provider (docs/decisions/220): one per provider and
// workspace. The key (and Creatify's API id) is stored only encrypted (AES-GCM bound to the row's id)
// and never answered: the screen shows "•••• " and its last four characters, computed on reading.
export const workspaceIntegrations = pgTable(
  'workspace_integrations',
  {
    ...ownedColumns(),
    provider: text('provider').$type<IntegrationProvider>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    /** An OpenAI-compatible server's address (up to its /v1) and model; null for the others. */
    baseUrl: text('base_url'),
    model: text('model'),
    lastTestOk: boolean('last_test_ok'),
    /** The vendor's reason when the last test failed. */
    lastTestMessage: text('last_test_message'),
    /** Voices or avatars the account had at the last successful test. */
    lastTestCount: integer('last_test_count'),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('workspace_integrations_provider_uq').on(t.workspaceId, t.provider)],
);
export type WorkspaceIntegrationRow = typeof workspaceIntegrations.$inferSelect;
