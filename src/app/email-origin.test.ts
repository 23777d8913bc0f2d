import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { and, desc, eq, like } from 'drizzle-orm';
import { sandboxMessages } from '../domains/social/tables';
import { linkOrigin } from '../server/http/base-url';
import { shared, signedInClient, TestClient, testApp, uniqueName } from '../test/harness';

// One origin rule for every e-mail's links (src/server/http/base-url.ts): APP_URL when set, else the
// origin of the request that caused the e-mail, carried by the job that sends it. Invitation, export
// ready, reset and notice e-mails, whatever sent them (a tRPC call, a REST call, a job).

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof shared>>['deps'];
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
}, 60_000);

const env = () => deps.env as { APP_URL?: string };
afterEach(() => {
  delete env().APP_URL;
});

async function mailTo(address: string, subject: string) {
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    const [m] = await deps.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.channel, 'email'), like(sandboxMessages.to, `%${address}%`), like(sandboxMessages.subject, `%${subject}%`)))
      .orderBy(desc(sandboxMessages.createdAt))
      .limit(1);
    if (m) return m;
    await Bun.sleep(50);
  }
  throw new Error(`no e-mail "${subject}" to ${address}`);
}

/** The origins of the links in an e-mail's text. */
const originsIn = (text: string) => [...new Set([...text.matchAll(/https?:\/\/[^\s/"'<>]+/g)].map((m) => m[0]))];

/** Invitation (tRPC), export ready (a job), reset (REST, public) and notice (a job: a send's, a render's) e-mails, each caused by a client browsing `base`. */
async function everyEmail(base: string) {
  const { client, user } = await signedInClient(app);
  client.base = base;
  const invited = `${uniqueName('inv')}@example.com`;
  expect((await client.trpc('mutation', 'workspaces.invite', { email: invited, role: 'member' })).status).toBe(200);
  expect((await client.trpc('mutation', 'exports.request', { includeFiles: false })).status).toBe(200);
  const anon = new TestClient(app);
  anon.base = base;
  expect((await anon.post('/api/password/forgot', { email: user.email })).status).toBe(200);
  // A send from that address: its "sent to everyone" notice is e-mailed by a job once the delivery went.
  const video = await client.post('/api/videos', { title: 'Origin tour', videoUrl: 'https://cdn.example.com/o.mp4', status: 'completed' });
  const list = await client.post('/api/contact-lists', { name: 'Origin' });
  await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Ola', email: `${uniqueName('ola')}@example.com` });
  expect((await client.post(`/api/videos/${video.data.id}/distribute`, { listIds: [list.data.id], platforms: ['email'] })).status).toBe(201);
  // A render started from that address: its "is ready" notice.
  const talk = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script: 'Hello.', voiceId: 'local-en-female', title: 'Origin render' });
  expect(talk.status).toBe(201);
  return {
    invitation: originsIn((await mailTo(invited, 'invited you')).text),
    exportReady: originsIn((await mailTo(user.email, 'data export is ready')).text),
    reset: originsIn((await mailTo(user.email, 'Reset your password')).text),
    notice: originsIn((await mailTo(user.email, '“Origin tour” is sent to everyone')).text),
    renderNotice: originsIn((await mailTo(user.email, '“Origin render” is ready')).text),
  };
}

describe('links in e-mails', () => {
  test('without APP_URL, every e-mail links to the address the user browsed', async () => {
    const base = 'http://studio.test:8123';
    expect(await everyEmail(base)).toEqual({ invitation: [base], exportReady: [base], reset: [base], notice: [base], renderNotice: [base] });
  }, 150_000);

  test('with APP_URL, every e-mail links to it, whatever address the request came to', async () => {
    env().APP_URL = 'https://app.example.com/';
    const site = 'https://app.example.com';
    expect(await everyEmail('http://10.0.0.7:3000')).toEqual({ invitation: [site], exportReady: [site], reset: [site], notice: [site], renderNotice: [site] });
  }, 150_000);

  test('the rule', () => {
    expect(linkOrigin({ APP_URL: 'https://a.example/path', PORT: 3000 }, 'http://b.example')).toBe('https://a.example');
    expect(linkOrigin({ APP_URL: undefined, PORT: 3000 }, 'http://b.example')).toBe('http://b.example');
  });
});
