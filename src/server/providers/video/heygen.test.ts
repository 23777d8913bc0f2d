import { describe, expect, test } from 'bun:test';
import { contractInput, describeProviderContract, startForFile, pollUntilSettled } from '../../../test/fakes/video/contract';
import { HEYGEN_FAKE_AVATARS, HEYGEN_FAKE_MESSAGES, HEYGEN_FAKE_VOICES, startHeygenFake, type HeygenFake } from '../../../test/fakes/video/heygen-fake';
import { createHeygenProvider, heygenDimension, mapHeygenStatus } from './heygen';

const validInput = contractInput('HeyGen', HEYGEN_FAKE_AVATARS[0]!.avatar_id, HEYGEN_FAKE_VOICES[0]!.voice_id);

const provider = (fake: HeygenFake, opts: { wrongKey?: boolean } = {}) =>
  createHeygenProvider({ apiKey: opts.wrongKey ? 'wrong-key' : fake.apiKey, baseUrl: fake.url });

describeProviderContract<HeygenFake>({
  vendor: 'HeyGen',
  start: startHeygenFake,
  provider,
  secrets: (fake) => [fake.apiKey],
  validInput,
  badInput: {
    input: { ...validInput, avatarId: 'no-such-avatar' },
    message: 'Avatar no-such-avatar not found or no longer available',
  },
  messages: { ...HEYGEN_FAKE_MESSAGES, unauthorised: 'Invalid credentials provided' },
  catalogue: {
    avatarIds: HEYGEN_FAKE_AVATARS.map((a) => a.avatar_id),
    voiceIds: HEYGEN_FAKE_VOICES.map((v) => v.voice_id),
  },
});

const fake = await startForFile(startHeygenFake);

describe('HeyGen request shape', () => {
  test('submit sends video_inputs with avatar character, text voice, background and dimension', async () => {
    const p = provider(fake);
    const { jobId } = await p.submit({
      ...validInput,
      background: { kind: 'color', color: '#112233' },
      resolution: '720p',
      aspectRatio: 'portrait',
    });
    expect(fake.jobs.get(jobId)!.request).toEqual({
      title: 'Contract test',
      video_inputs: [
        {
          character: { type: 'avatar', avatar_id: validInput.avatarId, avatar_style: 'normal' },
          voice: { type: 'text', input_text: validInput.script, voice_id: validInput.voiceId },
          background: { type: 'color', value: '#112233' },
        },
      ],
      dimension: { width: 720, height: 1280 },
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/video/generate' });
  });

  test('image background is sent as { type: image, url }', async () => {
    const { jobId } = await provider(fake).submit({
      ...validInput,
      background: { kind: 'image', url: 'https://example.com/bg.jpg' },
    });
    const input = (fake.jobs.get(jobId)!.request.video_inputs as Record<string, unknown>[])[0]!;
    expect(input.background).toEqual({ type: 'image', url: 'https://example.com/bg.jpg' });
  });

  test('missing voice id is refused by the vendor with its message', async () => {
    const p = provider(fake);
    await expect(p.submit({ ...validInput, voiceId: undefined })).rejects.toThrow('voice.voice_id is required');
  });

  test('status is read from /v1/video_status.get with the video id', async () => {
    const p = provider(fake);
    const { jobId } = await p.submit(validInput);
    await pollUntilSettled(p, jobId);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/video_status.get?video_id=${jobId}` });
  });

  test('dimension covers every resolution and aspect ratio', () => {
    expect(heygenDimension('720p', 'landscape')).toEqual({ width: 1280, height: 720 });
    expect(heygenDimension('1080p', 'landscape')).toEqual({ width: 1920, height: 1080 });
    expect(heygenDimension('1080p', 'square')).toEqual({ width: 1080, height: 1080 });
    expect(heygenDimension('2160p', 'landscape')).toEqual({ width: 3840, height: 2160 });
    expect(heygenDimension('2160p', 'portrait')).toEqual({ width: 2160, height: 3840 });
  });

  test('status mapping: waiting/pending → queued, failed error message, unknown → processing', () => {
    expect(mapHeygenStatus({ status: 'waiting' })).toEqual({ state: 'queued' });
    expect(mapHeygenStatus({ status: 'pending' })).toEqual({ state: 'queued' });
    expect(mapHeygenStatus({ status: 'processing' })).toEqual({ state: 'processing' });
    expect(mapHeygenStatus({ status: 'failed', error: { code: 1, message: 'Boom', detail: 'x' } })).toEqual({
      state: 'failed',
      message: 'Boom',
    });
    expect(mapHeygenStatus({ status: 'failed', error: null })).toEqual({
      state: 'failed',
      message: 'HeyGen reported the video as failed',
    });
    expect(mapHeygenStatus({ status: 'completed', video_url: null })).toEqual({ state: 'processing' });
    expect(mapHeygenStatus({ status: 'something-new' })).toEqual({ state: 'processing' });
  });

  test('a 2xx answer carrying an error object is still an error', async () => {
    const p = createHeygenProvider({
      apiKey: 'k',
      fetch: async () => Response.json({ error: { code: 'x', message: 'Quota exceeded' }, data: null }),
    });
    await expect(p.submit(validInput)).rejects.toThrow('Quota exceeded');
  });
});
