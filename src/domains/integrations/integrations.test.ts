import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import type { JobQueue } from '../../server/jobs/queue';
import { checkServerAddress } from '../../server/providers/connections';
import { startElevenLabsFake, startOpenAiSpeechFake, type SpeechFake } from '../../test/fakes/tts/speech-fakes';
import { startCreatifyFake, type CreatifyFake } from '../../test/fakes/video/creatify-fake';
import { startDidFake, type DidFake } from '../../test/fakes/video/d-id-fake';
import { startHeygenFake, type HeygenFake } from '../../test/fakes/video/heygen-fake';
import { signedInClient, type TestClient } from '../../test/harness';
import { appFromEnv } from '../generation/fixtures/app-from-env';
import { addMember } from '../workspaces/fixtures/team';
import type { IntegrationView } from './schemas';
import { workspaceIntegrations } from './tables';

// Settings → Integrations against local fakes of the vendors' APIs: keys stored encrypted and never
// answered, "Test connection" reporting the vendor's own reason, admins only, each workspace its own.

let eleven: SpeechFake;
let speech: SpeechFake;
let heygen: HeygenFake;
let did: DidFake;
let creatify: CreatifyFake;
let app: Awaited<ReturnType<typeof appFromEnv>>['app'];
let database: Database;
let queue: JobQueue;

const EL_KEY = 'el-key-owner-7Q2x';
const SK_KEY = 'sk-speech-owner-9k3Z';

beforeAll(async () => {
  eleven = startElevenLabsFake({ apiKey: EL_KEY });
  speech = startOpenAiSpeechFake({ apiKey: SK_KEY });
  [heygen, did, creatify] = await Promise.all([startHeygenFake(), startDidFake(), startCreatifyFake()]);
  const own = await appFromEnv({
    ELEVENLABS_BASE_URL: eleven.url,
    HEYGEN_BASE_URL: heygen.url,
    DID_BASE_URL: did.url,
    CREATIFY_BASE_URL: creatify.url,
    // The OpenAI-compatible fake listens on loopback: a server on the operator's own network.
    FETCH_ALLOW_PRIVATE: 'true',
    TTS_TIMEOUT_SECONDS: '20',
    // Each test client is its own address behind one proxy (sign-ups are limited per address).
    TRUST_PROXY: '1',
  });
  ({ app, database, queue } = own);
}, 60_000);

afterAll(async () => {
  await queue?.stop({ graceful: false, timeoutMs: 1000 });
  for (const f of [eleven, speech, heygen, did, creatify]) f?.stop();
});

const save = (c: TestClient, input: Record<string, unknown>) => c.trpc('mutation', 'integrations.save', input);
const list = async (c: TestClient) => (await c.trpc('query', 'integrations.list')).data.result.data.integrations as IntegrationView[];
/** One provider's card, its connection typed as present (tests assert when it is null). */
type Card = Omit<IntegrationView, 'connection'> & { connection: NonNullable<IntegrationView['connection']> };
const card = async (c: TestClient, provider: string) => (await list(c)).find((i) => i.provider === provider) as Card;

describe('a key saved', () => {
  test('is stored encrypted (bound to its row), shown only as its last four characters, and never answered', async () => {
    const { client, user } = await signedInClient(app);
    const saved = await save(client, { provider: 'elevenlabs', apiKey: EL_KEY });
    expect(saved.status).toBe(200);
    expect(saved.data.result.data.connection).toMatchObject({ keyHint: '•••• 7Q2x', status: 'connected', count: 3, message: null });
    const [row] = await database.db.select().from(workspaceIntegrations).where(eq(workspaceIntegrations.workspaceId, user.id));
    expect(row!.secretEncrypted).not.toContain(EL_KEY);
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    // The ciphertext is bound to its row: copied onto another row it no longer decrypts (the card says so).
    const other = await signedInClient(app);
    await save(other.client, { provider: 'elevenlabs', apiKey: 'el-whatever-0000' });
    await database.db.update(workspaceIntegrations).set({ secretEncrypted: row!.secretEncrypted }).where(eq(workspaceIntegrations.workspaceId, other.user.id));
    expect((await card(other.client, 'elevenlabs')).connection).toMatchObject({ keyHint: null, status: 'failed' });
    // No answer of any endpoint carries the key.
    const answers = [saved, await client.trpc('query', 'integrations.list'), await client.trpc('mutation', 'integrations.test', { provider: 'elevenlabs' })];
    for (const a of answers) expect(JSON.stringify(a.data)).not.toContain(EL_KEY);
    // The vendor got the key, from the server.
    expect(eleven.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/voices', auth: EL_KEY });
  });

  test('an OpenAI-compatible server: its address, model and key; Creatify: its API id too', async () => {
    const { client } = await signedInClient(app);
    const r = await save(client, { provider: 'openai-speech', baseUrl: `${speech.url}/`, apiKey: SK_KEY, model: 'kokoro' });
    expect(r.data.result.data.connection).toMatchObject({ baseUrl: speech.url, model: 'kokoro', keyHint: '•••• 9k3Z', status: 'connected', count: 3 });
    // "Test connection" spoke one word with the first voice, with the key.
    expect(speech.requests.at(-1)).toMatchObject({
      path: '/v1/audio/speech',
      auth: `Bearer ${SK_KEY}`,
      body: { model: 'kokoro', input: 'Hello.', voice: 'af_bella' },
    });
    const c = await save(client, { provider: 'creatify', apiId: creatify.apiId, apiKey: creatify.apiKey });
    expect(c.data.result.data.connection).toMatchObject({ status: 'connected', count: 2, keyHint: `•••• ${creatify.apiKey.slice(-4)}` });
    for (const [provider, key] of [
      ['heygen', heygen.apiKey],
      ['d-id', did.apiKey],
    ]) {
      const v = await save(client, { provider, apiKey: key });
      expect(v.data.result.data.connection).toMatchObject({ status: 'connected', count: 2 });
    }
    expect(heygen.requests.at(-1)).toMatchObject({ path: '/v2/avatars', key: heygen.apiKey });
    expect(did.requests.at(-1)).toMatchObject({ path: '/clips/presenters', key: `Basic ${did.apiKey}` });
    expect((await list(client)).map((i) => [i.provider, i.connection?.status ?? null])).toEqual([
      ['elevenlabs', null],
      ['openai-speech', 'connected'],
      ['heygen', 'connected'],
      ['d-id', 'connected'],
      ['creatify', 'connected'],
    ]);
  });

  test('the form is checked: a key, an address for an OpenAI-compatible server, an API id for Creatify', async () => {
    const { client } = await signedInClient(app);
    const missing = await save(client, { provider: 'heygen' });
    expect(missing.status).toBe(400);
    expect(missing.data.error.message).toContain('Enter the API key');
    expect((await save(client, { provider: 'openai-speech' })).data.error.message).toContain('Enter the server address');
    expect((await save(client, { provider: 'openai-speech', baseUrl: 'ftp://x' })).data.error.message).toContain('must start with http');
    expect((await save(client, { provider: 'creatify', apiKey: 'k' })).data.error.message).toContain('Enter the API ID');
    expect((await save(client, { provider: 'nope', apiKey: 'k' })).status).toBe(400);
  });
});

describe('Test connection', () => {
  test("a wrong key fails with the vendor's own reason, for each provider; the card keeps it", async () => {
    const { client } = await signedInClient(app);
    const reasons: [Record<string, unknown>, string][] = [
      [{ provider: 'elevenlabs', apiKey: 'el-wrong-0000' }, 'The voice provider ElevenLabs failed: Invalid API key'],
      [
        { provider: 'openai-speech', baseUrl: speech.url, apiKey: 'sk-wrong-0000' },
        'The voice provider OpenAI-compatible speech failed: Incorrect API key provided',
      ],
      [{ provider: 'heygen', apiKey: 'wrong-0000' }, 'HeyGen: Invalid credentials provided'],
      [{ provider: 'd-id', apiKey: 'wrong-0000' }, 'D-ID: user unauthenticated'],
      [{ provider: 'creatify', apiId: creatify.apiId, apiKey: 'wrong-0000' }, 'Creatify: Invalid API ID or API KEY.'],
    ];
    for (const [input, reason] of reasons) {
      const r = await save(client, input);
      expect(r.status).toBe(200);
      expect(r.data.result.data.connection).toMatchObject({ status: 'failed', message: reason, count: null });
      const again = await client.trpc('mutation', 'integrations.test', { provider: input.provider });
      expect(again.data.result.data.connection).toMatchObject({ status: 'failed', message: reason });
      expect(JSON.stringify(again.data)).not.toContain('wrong-0000');
    }
    // Fixed by a new key: connected again.
    const fixed = await save(client, { provider: 'heygen', apiKey: heygen.apiKey });
    expect(fixed.data.result.data.connection).toMatchObject({ status: 'connected', message: null });
  });

  test('an unreachable server says so; a server on the own network is refused unless the operator allows it', async () => {
    const { client } = await signedInClient(app);
    const down = await save(client, { provider: 'openai-speech', baseUrl: 'http://127.0.0.1:9/v1' });
    expect(down.data.result.data.connection.status).toBe('failed');
    expect(down.data.result.data.connection.message).toContain('could not be reached');
    const strict = loadEnv({ DATA_DIR: '/tmp/unused', NODE_ENV: 'test' });
    expect(await checkServerAddress(strict, 'http://127.0.0.1:8880/v1')).toContain('FETCH_ALLOW_PRIVATE=true');
    expect(await checkServerAddress(strict, 'http://10.0.0.5/v1')).toContain('private or local address');
  });

  test('testing or removing a provider that is not connected answers 404', async () => {
    const { client } = await signedInClient(app);
    expect((await client.trpc('mutation', 'integrations.test', { provider: 'd-id' })).status).toBe(404);
    expect((await client.trpc('mutation', 'integrations.remove', { provider: 'd-id' })).status).toBe(404);
  });
});

describe('who may see and change them', () => {
  test('a member who is not an admin can neither read nor change them (403); an admin can', async () => {
    const owner = await signedInClient(app);
    await save(owner.client, { provider: 'heygen', apiKey: heygen.apiKey });
    const member = await signedInClient(app);
    const admin = await signedInClient(app);
    await addMember(database.db, owner.user.id, member.user.id, 'member');
    await addMember(database.db, owner.user.id, admin.user.id, 'admin');
    for (const c of [member.client, admin.client]) expect((await c.trpc('mutation', 'workspaces.switch', { workspaceId: owner.user.id })).status).toBe(200);
    const refused = [
      await member.client.trpc('query', 'integrations.list'),
      await save(member.client, { provider: 'heygen', apiKey: 'member-key-1234' }),
      await member.client.trpc('mutation', 'integrations.test', { provider: 'heygen' }),
      await member.client.trpc('mutation', 'integrations.remove', { provider: 'heygen' }),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.data.error.message).toBe('Only an admin or the owner of this workspace can do this');
    }
    const form = new FormData();
    form.set('name', 'Mine');
    form.set('sample', new Blob([new Uint8Array(100)], { type: 'audio/wav' }), 'a.wav');
    expect((await member.client.post('/api/integrations/elevenlabs/voices', form)).status).toBe(403);
    // Nothing changed; the admin reads and changes them.
    expect((await card(owner.client, 'heygen')).connection.keyHint).toBe(`•••• ${heygen.apiKey.slice(-4)}`);
    expect((await card(admin.client, 'heygen')).connection.status).toBe('connected');
    expect((await admin.client.trpc('mutation', 'integrations.remove', { provider: 'heygen' })).status).toBe(200);
    expect((await card(owner.client, 'heygen')).connection).toBeNull();
  });

  test("another workspace's connections are not there to see, test or remove", async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    await save(a.client, { provider: 'd-id', apiKey: did.apiKey });
    expect((await card(b.client, 'd-id')).connection).toBeNull();
    expect((await b.client.trpc('mutation', 'integrations.test', { provider: 'd-id' })).status).toBe(404);
    expect((await b.client.trpc('mutation', 'integrations.remove', { provider: 'd-id' })).status).toBe(404);
    expect((await card(a.client, 'd-id')).connection.status).toBe('connected');
  });

  test('API keys cannot reach them: Settings → Integrations answers to a browser session only', async () => {
    const { client } = await signedInClient(app);
    const key = (await client.trpc('mutation', 'apiKeys.create', { name: 'ci' })).data.result.data.key as string;
    const form = new FormData();
    form.set('name', 'Mine');
    form.set('sample', new Blob([new Uint8Array(100)], { type: 'audio/wav' }), 'a.wav');
    const res = await app.handle(
      new Request('http://localhost/api/integrations/elevenlabs/voices', { method: 'POST', body: form, headers: { authorization: `Bearer ${key}` } }),
    );
    expect(res.status).toBe(403);
  });
});
