import { describe, expect, test } from 'bun:test';
import { createDidProvider, didErrorMessage, didVoiceProvider, mapDidStatus } from './d-id';
import { contractInput, describeProviderContract, startForFile } from '../../../test/fakes/video/contract';
import { DID_FAKE_MESSAGES, DID_FAKE_PRESENTERS, DID_FAKE_VOICES, startDidFake, type DidFake } from '../../../test/fakes/video/d-id-fake';

const validInput = contractInput('D-ID', DID_FAKE_PRESENTERS[0]!.presenter_id, 'microsoft:en-US-JennyNeural');

const provider = (fake: DidFake, opts: { wrongKey?: boolean } = {}) =>
  createDidProvider({ apiKey: opts.wrongKey ? 'wrong-key' : fake.apiKey, baseUrl: fake.url });

describeProviderContract<DidFake>({
  vendor: 'D-ID',
  start: startDidFake,
  provider,
  secrets: (fake) => [fake.apiKey, fake.apiKey.split(':')[1]!],
  validInput,
  badInput: {
    input: { ...validInput, script: 'Hi' },
    message: 'Failed to validate script',
  },
  messages: { ...DID_FAKE_MESSAGES, unauthorised: 'user unauthenticated' },
  catalogue: {
    avatarIds: DID_FAKE_PRESENTERS.map((p) => p.presenter_id),
    voiceIds: DID_FAKE_VOICES.map((v) => `${v.provider}:${v.id}`),
  },
});

const fake = await startForFile(startDidFake);

describe('D-ID request shape', () => {
  test('submit sends presenter_id, text script with TTS provider, background and mp4 config to /clips', async () => {
    const { jobId } = await provider(fake).submit({ ...validInput, background: { kind: 'color', color: '#00ff00' } });
    expect(jobId).toStartWith('clp_');
    expect(fake.jobs.get(jobId)!.request).toEqual({
      presenter_id: validInput.avatarId,
      script: { type: 'text', input: validInput.script, provider: { type: 'microsoft', voice_id: 'en-US-JennyNeural' } },
      config: { result_format: 'mp4' },
      background: { color: '#00ff00' },
      name: 'Contract test',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/clips' });
  });

  test('a bare voice id is sent as a Microsoft voice; other providers keep their prefix', async () => {
    const p = provider(fake);
    const a = await p.submit({ ...validInput, voiceId: 'en-GB-RyanNeural' });
    expect((fake.jobs.get(a.jobId)!.request.script as Record<string, unknown>).provider).toEqual({
      type: 'microsoft',
      voice_id: 'en-GB-RyanNeural',
    });
    const b = await p.submit({ ...validInput, voiceId: 'amazon:Amy' });
    expect((fake.jobs.get(b.jobId)!.request.script as Record<string, unknown>).provider).toEqual({
      type: 'amazon',
      voice_id: 'Amy',
    });
    expect(didVoiceProvider('elevenlabs:abc:def')).toEqual({ type: 'elevenlabs', voice_id: 'abc:def' });
  });

  test('an unknown presenter is refused with the vendor message', async () => {
    await expect(provider(fake).submit({ ...validInput, avatarId: 'v2_public_Nobody@x' })).rejects.toMatchObject({
      status: 400,
      retryable: false,
      message: 'D-ID: presenter v2_public_Nobody@x not found',
    });
  });

  test('validation errors include the field details', async () => {
    await expect(provider(fake).submit({ ...validInput, voiceId: 'bogus:v1' })).rejects.toThrow(
      /validation failed \(script\.provider\.type: should be one of the following/,
    );
  });

  test('the API key is sent as documented: Authorization: Basic <key>', async () => {
    const seen: { auth?: string | null } = {};
    const p = createDidProvider({
      apiKey: 'dXNlckBleGFtcGxlLmNvbQ:secret',
      fetch: async (input, init) => {
        seen.auth = new Headers(init?.headers).get('authorization');
        return Response.json({ presenters: [] });
      },
    });
    await p.listAvatars();
    expect(seen.auth).toBe('Basic dXNlckBleGFtcGxlLmNvbQ:secret');
  });

  test('status mapping covers every documented status', () => {
    expect(mapDidStatus({ status: 'created' })).toEqual({ state: 'queued' });
    expect(mapDidStatus({ status: 'started' })).toEqual({ state: 'processing' });
    expect(mapDidStatus({ status: 'done', result_url: 'https://x/r.mp4', duration: 3.5 })).toEqual({
      state: 'completed',
      videoUrl: 'https://x/r.mp4',
      thumbnailUrl: undefined,
      durationSec: 3.5,
    });
    expect(mapDidStatus({ status: 'error', error: { kind: 'X', description: 'Boom' } })).toEqual({ state: 'failed', message: 'Boom' });
    expect(mapDidStatus({ status: 'rejected' })).toEqual({ state: 'failed', message: 'D-ID rejected the clip' });
  });

  test('gateway-style error bodies are understood', () => {
    expect(didErrorMessage({ message: 'Unauthorized' })).toBe('Unauthorized');
    expect(didErrorMessage({ Message: 'User is not authorized to access this resource' })).toBe('User is not authorized to access this resource');
    expect(didErrorMessage({ kind: 'BadRequestError', description: 'invalid actor url' })).toBe('invalid actor url');
  });

  test('voices carry their locale as language', async () => {
    const voices = await provider(fake).listVoices();
    expect(voices[0]).toEqual({
      id: 'microsoft:en-US-JennyNeural',
      name: 'Jenny',
      gender: 'female',
      language: 'en-US',
      previewUrl: undefined,
    });
  });
});
