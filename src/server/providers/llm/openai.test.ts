import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { rejectionOf } from '../../../test/rejection';
import { AppError } from '../../http/app-error';
import { startOpenAiFake } from '../../../test/fakes/llm/openai-fake';
import { cleanCompletion, createOpenAiLlm } from './openai';
import type { GenerateRequest } from './types';

const KEY = 'sk-test-0123456789abcdef';
const fake = startOpenAiFake({ apiKey: KEY });
const open = startOpenAiFake(); // like Ollama: no key needed
afterAll(() => {
  fake.stop();
  open.stop();
});
beforeEach(() => {
  for (const f of [fake, open]) {
    f.mode = { kind: 'ok' };
    f.requests.length = 0;
  }
});

const generate: GenerateRequest = {
  campaign: { name: 'Spring Launch', description: 'Faster onboarding', callToAction: 'Book a demo' },
  recipient: { firstName: 'Marie', company: 'Radium Labs' },
  sender: { name: 'Sam' },
  tone: 'friendly',
  language: 'fr',
};

const failure = (p: Promise<unknown>) => rejectionOf(p, AppError);

describe('OpenAI-compatible adapter against a local fake', () => {
  test('success: POST {base}/chat/completions with the key, model, system prompt and user prompt', async () => {
    fake.reply = () => 'Bonjour Marie ! Voici notre offre.';
    const llm = createOpenAiLlm({ baseUrl: `${fake.url}/`, apiKey: KEY, model: 'test-model' });
    expect(await llm.generateScript(generate)).toBe('Bonjour Marie ! Voici notre offre.');
    const [req] = fake.requests;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body.model).toBe('test-model');
    expect(req.body.messages[0].role).toBe('system');
    expect(req.body.messages[0].content).toContain('Write in French, in a friendly tone');
    expect(req.body.messages[0].content).toContain('{first_name}');
    expect(req.body.messages[1].content).toContain('Radium Labs');
    expect(req.body.messages[1].content).toContain('Book a demo');
  });

  test('each task has its own prompt; default model gpt-4o-mini; no key → no Authorization header (Ollama)', async () => {
    const llm = createOpenAiLlm({ baseUrl: open.url });
    await llm.improveScript({ script: 'Hello there.', instructions: 'Make it more concise', language: 'en' });
    await llm.inspireScript({ inputText: 'Shops online', tone: 'casual', maxLength: 300, language: 'es', sender: {} });
    await llm.inspireMessage({ videoTitle: 'Spring', platform: 'whatsapp', maxLength: 1000, language: 'en', sender: { name: 'Sam' } });
    expect(open.requests.map((r) => r.authorization)).toEqual([null, null, null]);
    expect(open.requests.every((r) => r.body.model === 'gpt-4o-mini')).toBe(true);
    const systems = open.requests.map((r) => r.body.messages[0].content as string);
    expect(systems[0]).toContain('Apply the instructions');
    expect(open.requests[0].body.messages[1].content).toContain('Make it more concise');
    expect(systems[1]).toContain('at most 300 characters');
    expect(systems[1]).toContain('Spanish');
    expect(systems[2]).toContain('WhatsApp');
  });

  test('401: a readable message that never shows the key', async () => {
    const llm = createOpenAiLlm({ baseUrl: fake.url, apiKey: 'sk-wrong-key-abcdef123456' });
    const err = await failure(llm.generateScript(generate));
    expect(err.message).toContain('refused the API key (HTTP 401)');
    expect(err.message).not.toContain('sk-wrong');
    expect(err.message).not.toContain('56');
  });

  test('500 with a vendor message, 404 for an unknown model, 429 rate limit', async () => {
    const llm = createOpenAiLlm({ baseUrl: fake.url, apiKey: KEY, model: 'nope' });
    fake.mode = { kind: 'status', status: 500, body: { error: { message: `upstream exploded (key ${KEY})` } } };
    const e500 = await failure(llm.generateScript(generate));
    expect(e500).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(e500.message).toBe('The AI service failed (HTTP 500): upstream exploded (key ***)');
    fake.mode = { kind: 'status', status: 404, body: { error: { message: 'model "nope" not found, try pulling it first' } } };
    expect((await failure(llm.generateScript(generate))).message).toContain('does not know model "nope"');
    fake.mode = { kind: 'status', status: 429, body: { error: { message: 'Rate limit reached' } } };
    expect(await failure(llm.generateScript(generate))).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
  });

  test('malformed responses: not JSON, no choices, empty content', async () => {
    const llm = createOpenAiLlm({ baseUrl: fake.url, apiKey: KEY });
    fake.mode = { kind: 'malformed', body: '<html>gateway</html>' };
    expect((await failure(llm.generateScript(generate))).message).toContain('unexpected response (not JSON)');
    fake.mode = { kind: 'malformed', body: JSON.stringify({ choices: [] }) };
    expect((await failure(llm.generateScript(generate))).message).toContain('unexpected response (no message in choices)');
    fake.mode = { kind: 'ok' };
    fake.reply = () => '   ';
    expect((await failure(llm.generateScript(generate))).message).toContain('empty text');
  });

  test('slow response → timeout error', async () => {
    const llm = createOpenAiLlm({ baseUrl: fake.url, apiKey: KEY, timeoutMs: 150 });
    fake.mode = { kind: 'slow', delayMs: 2000 };
    const started = performance.now();
    const err = await failure(llm.generateScript(generate));
    expect(err.message).toBe('The AI service did not answer within 0.2 seconds');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  test('unreachable server', async () => {
    const llm = createOpenAiLlm({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: KEY });
    const err = await failure(llm.generateScript(generate));
    expect(err.message).toBe('The AI service at http://127.0.0.1:1 could not be reached');
  });

  test('answers are cleaned of reasoning blocks, fences, labels and quotes', () => {
    expect(cleanCompletion('<think>plan it</think>\n\nHi {first_name}!')).toBe('Hi {first_name}!');
    expect(cleanCompletion('```\nHi there.\n```')).toBe('Hi there.');
    expect(cleanCompletion('Script:\nHi there.')).toBe('Hi there.');
    expect(cleanCompletion('"Hi there."')).toBe('Hi there.');
  });
});
