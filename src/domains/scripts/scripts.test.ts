import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createApp } from '../../app/app';
import { createDeps } from '../../app/deps';
import { startOpenAiFake } from '../../test/fakes/llm/openai-fake';
import { createOpenAiLlm } from '../../server/providers/llm/openai';
import { signedInClient, TestClient, testApp, shared } from '../../test/harness';
import { SCRIPT_SUGGESTIONS } from './schemas';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let client: TestClient;
beforeAll(async () => {
  ({ app } = await testApp());
  ({ client } = await signedInClient(app));
}, 60_000);

const campaign = {
  name: 'Spring Launch',
  description: 'Our onboarding assistant cuts ramp-up time in half.',
  product: 'OnboardAI',
  sector: 'Technology',
  callToAction: 'Book a demo',
  // Extra campaign fields (as the campaigns screen holds them) are ignored.
  platforms: ['email'],
  totalBudget: 100,
};

describe('POST /api/generate-script', () => {
  test('builds on the campaign and the recipient; same input, same script', async () => {
    const body = { campaignDetails: campaign, recipient: { name: 'Marie Curie', company: 'Radium Labs', position: 'CTO' } };
    const res = await client.post('/api/generate-script', body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.data)).toEqual(['script']);
    for (const part of ['Marie', 'Radium Labs', 'CTO', 'OnboardAI', 'book a demo']) expect(res.data.script).toContain(part);
    expect((await client.post('/api/generate-script', body)).data.script).toBe(res.data.script);
  });

  test('string forms: a description and "Name, Position at Company"; the user is the speaker', async () => {
    const { client: c, user } = await signedInClient(app);
    await c.patch(`/api/users/${user.id}`, { fullName: 'Sam Carter', companyName: 'Brightwave' });
    const res = await c.post('/api/generate-script', {
      campaignDetails: 'We help shops sell online in one afternoon.',
      recipient: 'Jon Snow, Lord Commander at Night Watch',
      tone: 'casual',
    });
    expect(res.status).toBe(200);
    expect(res.data.script).toStartWith('Hey Jon');
    for (const part of ['Night Watch', 'Lord Commander', 'Sam Carter', 'Brightwave', 'We help shops sell online']) expect(res.data.script).toContain(part);
  });

  test('without a recipient the script carries {first_name} and {company}', async () => {
    const res = await client.post('/api/generate-script', { campaignDetails: { description: 'A webinar on AI' } });
    expect(res.data.script).toContain('{first_name}');
    expect(res.data.script).toContain('{company}');
  });

  test('the user’s language: fr gives French, es Spanish; an explicit language wins', async () => {
    const { client: c } = await signedInClient(app);
    expect((await c.patch('/api/settings', { language: 'fr' })).status).toBe(200);
    const fr = await c.post('/api/generate-script', { campaignDetails: campaign, recipient: 'Marie' });
    expect(fr.data.script).toStartWith('Bonjour Marie');
    expect(fr.data.script).toContain('vous');
    const es = await c.post('/api/generate-script', { campaignDetails: campaign, recipient: 'Marie', language: 'es' });
    expect(es.data.script).toMatch(/^Hola, Marie/);
  });

  test('validation: missing or empty campaign, over-long details, bad recipient, unknown field', async () => {
    const bad = async (body: unknown) => (await client.post('/api/generate-script', body)).data;
    expect(await bad({})).toEqual({ message: 'Campaign details are required' });
    expect(await bad({ campaignDetails: '   ' })).toEqual({ message: 'Please describe the campaign: a name, a description or a product' });
    expect(await bad({ campaignDetails: {} })).toEqual({ message: 'Please describe the campaign: a name, a description or a product' });
    expect(await bad({ campaignDetails: 'x'.repeat(5001) })).toEqual({ message: 'Campaign details must be at most 5,000 characters' });
    expect(await bad({ campaignDetails: 'ok', recipient: 42 })).toEqual({ message: 'Recipient must be text or an object' });
    expect((await client.post('/api/generate-script', { campaignDetails: 'ok', foo: 1 })).status).toBe(400);
  });
});

describe('POST /api/improve-script', () => {
  const script =
    'Hello Marie. I am really excited to show you our product. It is very easy to set up. We have a free trial. Maybe you could try it. Thanks for watching.';

  test('each of the four suggestions gives a different improved script', async () => {
    const outs: string[] = [];
    for (const instructions of SCRIPT_SUGGESTIONS) {
      const res = await client.post('/api/improve-script', { originalScript: script, instructions });
      expect(res.status).toBe(200);
      expect(res.data.script).not.toBe(script);
      outs.push(res.data.script);
    }
    expect(new Set(outs).size).toBe(4);
    expect(outs[0].length).toBeLessThan(script.length);
    expect(outs[2]).toContain('click the button');
  });

  test('empty or whitespace script → 400 No script to enhance; over 5,000 characters → 400', async () => {
    for (const originalScript of ['', '   \n ', undefined, null]) {
      const res = await client.post('/api/improve-script', { originalScript, instructions: 'Make it more concise' });
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ message: 'No script to enhance' });
    }
    const long = await client.post('/api/improve-script', { originalScript: 'a'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe('Script must be at most 5,000 characters');
  });

  test('no instructions: a light polish', async () => {
    const res = await client.post('/api/improve-script', { originalScript: 'hello {first_name} ,welcome' });
    expect(res.data.script).toBe('Hello {first_name}, welcome.');
  });
});

describe('POST /api/inspire-me', () => {
  test('script form: inputText and tone, within maxLength', async () => {
    for (const maxLength of [500, 200, 80]) {
      const res = await client.post('/api/inspire-me', {
        inputText: 'We help small shops sell online. Setup takes one afternoon.',
        tone: 'enthusiastic',
        maxLength,
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.data)).toEqual(['script']);
      expect(res.data.script.length).toBeLessThanOrEqual(maxLength);
      expect(res.data.script).toMatch(/[.!?…]$/);
    }
    const defaults = await client.post('/api/inspire-me', { inputText: 'Our new CRM' });
    expect(defaults.data.script.length).toBeLessThanOrEqual(500);
  });

  test('maxLength over 500 (or not a number) → 400', async () => {
    const over = await client.post('/api/inspire-me', { inputText: 'x', tone: 'friendly', maxLength: 501 });
    expect(over.status).toBe(400);
    expect(over.data.message).toBe('maxLength must be at most 500');
    expect((await client.post('/api/inspire-me', { inputText: 'x', maxLength: 'lots' })).data.message).toBe('maxLength must be a number');
  });

  test('message form: defaults to LinkedIn and "personalized video"; WhatsApp is casual; email greets', async () => {
    const def = await client.post('/api/inspire-me', {});
    expect(def.status).toBe(200);
    expect(Object.keys(def.data)).toEqual(['message']);
    expect(def.data.message).toStartWith('Hi {first_name}');
    expect(def.data.message).toContain('personalized video');
    expect(def.data.message.length).toBeLessThanOrEqual(300);
    const wa = await client.post('/api/inspire-me', { videoTitle: 'Spring offer', platform: 'WhatsApp' });
    expect(wa.data.message).toStartWith('Hey {first_name} 👋');
    expect(wa.data.message).toContain('Spring offer');
    const email = await client.post('/api/inspire-me', { videoTitle: 'Spring offer', platform: 'email' });
    expect(email.data.message).toStartWith('Hi {first_name},\n\n');
    expect(email.data.message).toContain('Best regards,\nTest User');
    const tw = await client.post('/api/inspire-me', { videoTitle: 'T'.repeat(200), platform: 'twitter' });
    expect(tw.data.message.length).toBeLessThanOrEqual(280);
    const bad = await client.post('/api/inspire-me', { platform: 'myspace' });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('Platform must be one of linkedin, twitter, instagram, whatsapp, google, outlook, email');
  });
});

describe('access and tRPC', () => {
  test('anonymous calls are 401, over REST and tRPC', async () => {
    const anon = new TestClient(app);
    expect((await anon.post('/api/generate-script', { campaignDetails: 'x' })).status).toBe(401);
    expect((await anon.post('/api/improve-script', { originalScript: 'x' })).status).toBe(401);
    expect((await anon.post('/api/inspire-me', {})).status).toBe(401);
    expect((await anon.trpc('mutation', 'scripts.generate', { campaignDetails: 'x' })).status).toBe(401);
  });

  test('the scripts router serves the same services', async () => {
    const rest = await client.post('/api/generate-script', { campaignDetails: campaign, recipient: 'Marie' });
    const gen = await client.trpc('mutation', 'scripts.generate', { campaignDetails: campaign, recipient: 'Marie' });
    expect(gen.status).toBe(200);
    expect(gen.data.result.data.script).toBe(rest.data.script);
    const imp = await client.trpc('mutation', 'scripts.improve', { originalScript: 'Hi Marie. Thanks.', instructions: 'Add a clear call to action' });
    expect(imp.data.result.data.script).toContain('click the button');
    const empty = await client.trpc('mutation', 'scripts.improve', { originalScript: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.data.error.message).toBe('No script to enhance');
    const ins = await client.trpc('mutation', 'scripts.inspire', { inputText: 'Idea', tone: 'casual', maxLength: 120 });
    expect(ins.data.result.data.script.length).toBeLessThanOrEqual(120);
    const over = await client.trpc('mutation', 'scripts.inspire', { maxLength: 600 });
    expect(over.data.error.message).toBe('maxLength must be at most 500');
    const msg = await client.trpc('mutation', 'scripts.inspireMessage', { platform: 'linkedin' });
    expect(msg.data.result.data.message).toContain('{first_name}');
  });
});

describe('with the OpenAI-compatible provider', () => {
  const fake = startOpenAiFake({ apiKey: 'sk-route-test-key-123456' });
  let cloud: ReturnType<typeof createApp>;
  let c: TestClient;
  beforeAll(async () => {
    const s = await shared();
    const llm = createOpenAiLlm({ baseUrl: fake.url, apiKey: 'sk-route-test-key-123456', model: 'llama3.2', timeoutMs: 200 });
    cloud = createApp(createDeps({ env: s.deps.env, db: s.deps.db, queue: s.deps.queue, log: s.deps.log, providers: { ...s.deps.providers, llm } }), {
      distDir: join(s.dataDir, 'no-dist'),
    });
    c = new TestClient(cloud);
    c.cookie = client.cookie;
  }, 60_000);
  afterAll(() => fake.stop());

  test('answers come from the chat API, trimmed to the limits', async () => {
    fake.mode = { kind: 'ok' };
    fake.reply = () => `Hi {first_name}! This is the model speaking. ${'More words here. '.repeat(60)}`;
    const res = await c.post('/api/inspire-me', { inputText: 'Idea', tone: 'friendly', maxLength: 100 });
    expect(res.status).toBe(200);
    expect(res.data.script).toStartWith('Hi {first_name}! This is the model speaking.');
    expect(res.data.script.length).toBeLessThanOrEqual(100);
    expect(fake.requests.at(-1)?.body.model).toBe('llama3.2');
  });

  test('provider failures: 500 with the spec’s toast title and a reason, never the key', async () => {
    fake.mode = { kind: 'status', status: 401, body: { error: { message: 'Incorrect API key provided: sk-route-test-key-123456' } } };
    const refused = await c.post('/api/generate-script', { campaignDetails: 'x' });
    expect(refused.status).toBe(500);
    expect(refused.data.message).toBe('Failed to generate script: the AI service refused the API key (HTTP 401); check OPENAI_API_KEY');
    expect(JSON.stringify(refused.data)).not.toContain('sk-route');
    fake.mode = { kind: 'slow', delayMs: 1500 };
    const slow = await c.post('/api/improve-script', { originalScript: 'Hello.' });
    expect(slow.status).toBe(500);
    expect(slow.data.message).toBe('Failed to enhance script: the AI service did not answer within 0.2 seconds');
    fake.mode = { kind: 'malformed', body: '{"nope":true}' };
    const malformed = await c.trpc('mutation', 'scripts.inspireMessage', {});
    expect(malformed.status).toBe(500);
    expect(malformed.data.error.message).toBe('Failed to generate message suggestion: the AI service returned an unexpected response (no message in choices)');
  });
});
