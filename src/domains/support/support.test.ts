import { beforeAll, describe, expect, test } from 'bun:test';
import { and, desc, eq } from 'drizzle-orm';
import { sandboxMessages } from '../social/tables';
import { shared, signedInClient, TestClient, testApp } from '../../test/harness';
import { SUPPORT_EMAIL_JOB } from './service';
import { supportRequests } from './tables';
import { SUPPORT_MESSAGES } from './schemas';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof shared>>['deps'];
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
});

/** The support e-mail of a request, once its job has run. */
async function supportMail(workspaceId: string, reference: string) {
  const end = Date.now() + 20_000;
  for (;;) {
    const [mail] = await deps.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.workspaceId, workspaceId), eq(sandboxMessages.channel, 'email')))
      .orderBy(desc(sandboxMessages.createdAt))
      .limit(1);
    if (mail?.subject?.includes(reference) || Date.now() > end) return mail?.subject?.includes(reference) ? mail : null;
    await Bun.sleep(50);
  }
}

describe('contact support', () => {
  test('stores the request and e-mails it to the support address with Reply-To the user', async () => {
    const { client, user } = await signedInClient(app);
    const res = await client.trpc('mutation', 'support.create', { subject: 'Render stuck', message: 'My video has been rendering\nfor an hour.' });
    expect(res.status).toBe(200);
    const created = res.data.result.data;
    expect(created.reference).toMatch(/^SR-[A-Z2-7]{8}$/);
    expect(created.replyTo).toBe(user.email);

    const mail = await supportMail(user.id, created.reference);
    expect(mail).not.toBeNull();
    // SUPPORT_EMAIL unset in tests: MAIL_FROM's address.
    expect(mail!.to).toContain(deps.providers.email.from.address);
    expect((mail!.meta as { replyTo?: string }).replyTo).toBe(user.email);
    expect(mail!.subject).toBe(`[${created.reference}] Render stuck`);
    expect(mail!.text).toContain('My video has been rendering\nfor an hour.');

    const [row] = await deps.db.select().from(supportRequests).where(eq(supportRequests.id, created.id));
    expect(row!.emailedAt).not.toBeNull();
    expect(row!.workspaceId).toBe(user.id);
    const got = await client.trpc('query', 'support.get', { id: created.id });
    expect(got.data.result.data.emailed).toBe(true);
  });

  test('a failing mail server loses nothing: the request is kept and the job retries', async () => {
    const { client, user } = await signedInClient(app);
    const send = deps.providers.email.send;
    let failures = 0;
    deps.providers.email.send = async (m) => {
      if (m.reference?.startsWith('support-request:') && failures++ === 0) throw new Error('SMTP away');
      return send(m);
    };
    try {
      const created = (await client.trpc('mutation', 'support.create', { subject: 'Billing', message: 'Please send my invoice.' })).data.result.data;
      const [stored] = await deps.db.select().from(supportRequests).where(eq(supportRequests.id, created.id));
      expect(stored!.subject).toBe('Billing');
      const end = Date.now() + 30_000;
      let row = stored;
      while (!row!.emailedAt && Date.now() < end) {
        await Bun.sleep(100);
        [row] = await deps.db.select().from(supportRequests).where(eq(supportRequests.id, created.id));
      }
      expect(failures).toBeGreaterThanOrEqual(2);
      expect(row!.emailedAt).not.toBeNull();
      expect(await supportMail(user.id, created.reference)).not.toBeNull();
      const jobs = await deps.queue.boss.findJobs<{ id: string }>(SUPPORT_EMAIL_JOB, { data: { id: created.id } });
      expect(jobs.length).toBe(1);
    } finally {
      deps.providers.email.send = send;
    }
  }, 40_000);

  test('bad input answers 400 with a clear message and stores nothing', async () => {
    const { client, user } = await signedInClient(app);
    const empty = await client.trpc('mutation', 'support.create', { subject: '  ', message: 'A long enough message' });
    expect(empty.status).toBe(400);
    expect(empty.data.error.message).toContain(SUPPORT_MESSAGES.subjectRequired);
    const short = await client.trpc('mutation', 'support.create', { subject: 'Hi', message: 'short' });
    expect(short.status).toBe(400);
    expect(short.data.error.message).toContain(SUPPORT_MESSAGES.messageMin);
    const extra = await client.trpc('mutation', 'support.create', { subject: 'Hi', message: 'A long enough message', userId: 'x' });
    expect(extra.status).toBe(400);
    expect(await deps.db.select().from(supportRequests).where(eq(supportRequests.userId, user.id))).toHaveLength(0);
    expect((await client.trpc('mutation', 'support.create', { subject: 'x'.repeat(151), message: 'A long enough message' })).status).toBe(400);
  });

  test('another user cannot read a request; signed out cannot write one', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const created = (await a.client.trpc('mutation', 'support.create', { subject: 'Private', message: 'Only mine to read.' })).data.result.data;
    const other = await b.client.trpc('query', 'support.get', { id: created.id });
    expect(other.status).toBe(404);
    expect((await new TestClient(app).trpc('mutation', 'support.create', { subject: 'x', message: 'A long enough message' })).status).toBe(401);
  });

  test('rate-limited per user', async () => {
    const { client } = await signedInClient(app);
    for (let i = 0; i < 5; i++)
      expect((await client.trpc('mutation', 'support.create', { subject: `n${i}`, message: 'A long enough message' })).status).toBe(200);
    const refused = await client.trpc('mutation', 'support.create', { subject: 'n6', message: 'A long enough message' });
    expect(refused.status).toBe(429);
    expect(refused.data.error.message).toBe(SUPPORT_MESSAGES.tooMany);
  });
});
