import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { EmailProvider } from '../../server/providers/email/types';
import { domainOf } from '../../server/providers/email/types';
import { emailBody, localeFor, t } from '../../server/i18n/translate';
import { users } from '../users/tables';
import { dataExports } from './tables';

/**
 * Tells whoever asked for the export that the archive is ready, once: the link opens Settings →
 * Advanced, where the download needs their session (the e-mail carries no credential). Sent again after a crash
 * between sending and recording it, with the same Message-ID.
 */
export async function sendExportReadyEmail(opts: { db: Db; email: EmailProvider; exportId: string; baseUrl: string }) {
  const [row] = await opts.db
    .select({
      id: dataExports.id,
      userId: users.id,
      expiresAt: dataExports.expiresAt,
      fullName: users.fullName,
      address: users.email,
      settings: users.settings,
    })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.createdBy))
    .where(and(eq(dataExports.id, opts.exportId), eq(dataExports.status, 'ready'), isNull(dataExports.emailedAt)));
  if (!row) return { sent: false };
  const link = `${opts.baseUrl}/settings?tab=advanced`;
  const until = row.expiresAt?.toUTCString() ?? '';
  const locale = localeFor(row);
  await opts.email.send({
    userId: row.userId,
    to: { name: row.fullName, address: row.address },
    // In the user's language (decision 223).
    subject: t(locale, 'Your data export is ready'),
    ...emailBody(locale, {
      greeting: ['Hello {name},', { name: row.fullName }],
      before: [['The archive of your data is ready. Download it from Settings → Advanced until {until}:', { until }]],
      link,
      button: 'Open Settings → Advanced',
    }),
    messageId: `<export.${row.id}@${domainOf(opts.email.from.address)}>`,
    reference: `data-export:${row.id}`,
  });
  await opts.db.update(dataExports).set({ emailedAt: new Date() }).where(eq(dataExports.id, row.id));
  return { sent: true };
}
