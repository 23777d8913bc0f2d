import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Env } from '../../server/env';
import { linkOrigin } from '../../server/http/base-url';
import { emailBody, localeFor, type ServerLocale, t, translateMessage } from '../../server/i18n/translate';
import type { EmailProvider } from '../../server/providers/email/types';
import { domainOf } from '../../server/providers/email/types';
import type { NoticeData, NoticeKind } from '../../shared/notices';
import { users } from '../users/tables';
import { linkOf } from './links';
import { notices } from './tables';

/** A catalogue sentence (src/server/i18n/words-notices.ts) and its values. */
type Line = [string, Record<string, string>?];

const n = (v: number | undefined) => String(v ?? 0);

/** The notice's subject and paragraphs, as catalogue sentences: worded in the reader's language by the e-mail. */
export function noticeLines(kind: NoticeKind, d: NoticeData, locale: ServerLocale): { subject: Line; body: Line[] } {
  const title = d.videoTitle ?? '';
  const who = d.viewer || t(locale, 'Someone');
  const viewer = (subject: string, body: string) => ({ subject: [subject, { who, title }] as Line, body: [[body] as Line] });
  switch (kind) {
    case 'viewer.opened':
      return viewer('{who} opened “{title}”', 'They opened the page of your video.');
    case 'viewer.played':
      return viewer('{who} is watching “{title}”', 'They started playing your video.');
    case 'viewer.finished':
      return viewer('{who} watched “{title}” to the end', 'They watched your video to the end.');
    case 'viewer.clicked':
      return viewer('{who} clicked your button under “{title}”', 'They clicked the call to action under your video.');
    case 'send.finished': {
      const counts = { title, sent: n(d.sent), failed: n(d.failed), deferred: n(d.deferred) };
      const outcome: Line = ['Sent: {sent}. Failed: {failed}. Deferred to the next day (daily limit): {deferred}.', counts];
      // The reasons were stored in English by the sending job: read in the reader's language.
      const reasons: Line[] = (d.reasons ?? []).map((r) => [
        '- {reason} ({count})',
        { reason: translateMessage(r.reason || '?', locale), count: String(r.count) },
      ]);
      return d.failed
        ? { subject: ['“{title}”: {sent} sent, {failed} failed', counts], body: [outcome, ['Why they failed:'], ...reasons] }
        : { subject: ['“{title}” is sent to everyone ({sent})', counts], body: [outcome] };
    }
    case 'video.ready':
      return { subject: ['Your video “{title}” is ready', { title }], body: [['It is in My Videos, ready to send.']] };
    case 'video.failed':
      return {
        subject: ['Your video “{title}” could not be made', { title }],
        body: [['Reason: {reason}', { reason: translateMessage(d.error ?? '?', locale) }]],
      };
    case 'digest':
      return {
        subject: ['Your videos on {day}: {played} played, {clicked} clicks', { day: d.day ?? '', played: n(d.played), clicked: n(d.clicked) }],
        body: [
          [
            'Opened: {opened}. Played: {played}. Watched to the end: {finished}. Clicks: {clicked}.',
            { opened: n(d.opened), played: n(d.played), finished: n(d.finished), clicked: n(d.clicked) },
          ],
        ],
      };
  }
}

/**
 * E-mails one pending notice to its user, once: recorded sent after the provider's answer; sent again
 * after a crash in between with the same Message-ID. In the user's language (decision 223); its link
 * follows the origin rule of every e-mail (src/server/http/base-url.ts): APP_URL, else the origin of
 * the request that started what it reports on (a send's or a render's, kept on the notice; for a share link's
 * viewer and the digest the user's last known origin), else localhost.
 */
export async function sendNoticeEmail(opts: { db: Db; email: EmailProvider; noticeId: string; env: Pick<Env, 'APP_URL' | 'PORT'> }) {
  const [row] = await opts.db
    .select({ n: notices, fullName: users.fullName, address: users.email, settings: users.settings })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.userId))
    .where(and(eq(notices.id, opts.noticeId), eq(notices.emailState, 'pending')));
  if (!row) return { sent: false };
  const locale = localeFor(row);
  const { n: notice } = row;
  const link = `${linkOrigin(opts.env, notice.linkOrigin)}${linkOf(notice)}`;
  const lines = noticeLines(notice.kind, notice.data, locale);
  await opts.email.send({
    userId: notice.userId,
    to: { name: row.fullName, address: row.address },
    subject: t(locale, ...lines.subject),
    ...emailBody(locale, {
      greeting: ['Hello {name},', { name: row.fullName }],
      before: [lines.subject, ...lines.body],
      link,
      button: 'Open the app',
      after: 'You get this e-mail because of your settings (Settings → Notifications).',
    }),
    messageId: `<notice.${notice.id}@${domainOf(opts.email.from.address)}>`,
    reference: `notice:${notice.id}`,
  });
  await opts.db.update(notices).set({ emailState: 'sent' }).where(eq(notices.id, notice.id));
  return { sent: true };
}
