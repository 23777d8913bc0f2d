import { describe, expect, test } from 'bun:test';
import { createCreatifyProvider, creatifyErrorMessage, mapCreatifyStatus, parseProgress } from './creatify';
import { contractInput, describeProviderContract, startForFile, pollUntilSettled } from '../../../test/fakes/video/contract';
import {
  CREATIFY_FAKE_MESSAGES,
  CREATIFY_FAKE_PERSONAS,
  CREATIFY_FAKE_VOICES,
  startCreatifyFake,
  type CreatifyFake,
} from '../../../test/fakes/video/creatify-fake';

const validInput = contractInput('Creatify', CREATIFY_FAKE_PERSONAS[0]!.id, CREATIFY_FAKE_VOICES[0]!.accents[0]!.id);

const provider = (fake: CreatifyFake, opts: { wrongKey?: boolean } = {}) =>
  createCreatifyProvider({ apiId: fake.apiId, apiKey: opts.wrongKey ? 'wrong-key' : fake.apiKey, baseUrl: fake.url });

describeProviderContract<CreatifyFake>({
  vendor: 'Creatify',
  start: startCreatifyFake,
  provider,
  secrets: (fake) => [fake.apiKey],
  validInput,
  badInput: {
    input: { ...validInput, avatarId: '00000000-0000-4000-8000-000000000000' },
    message: 'creator: Invalid pk "00000000-0000-4000-8000-000000000000" - object does not exist.',
  },
  messages: { ...CREATIFY_FAKE_MESSAGES, unauthorised: 'Invalid API ID or API KEY.' },
  catalogue: {
    avatarIds: CREATIFY_FAKE_PERSONAS.map((p) => p.id),
    voiceIds: CREATIFY_FAKE_VOICES.flatMap((v) => v.accents.map((a) => a.id)),
  },
});

const fake = await startForFile(startCreatifyFake);

describe('Creatify request shape', () => {
  test('submit sends text, creator, accent, aspect_ratio and name to /api/lipsyncs/', async () => {
    const { jobId } = await provider(fake).submit({ ...validInput, aspectRatio: 'portrait' });
    expect(fake.jobs.get(jobId)!.request).toEqual({
      text: validInput.script,
      creator: validInput.avatarId,
      accent: validInput.voiceId,
      aspect_ratio: '9x16',
      name: 'Contract test',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/lipsyncs/' });
  });

  test('square → 1x1, image background → background_asset_image_url, no voice → no accent', async () => {
    const { jobId } = await provider(fake).submit({
      ...validInput,
      voiceId: undefined,
      title: undefined,
      aspectRatio: 'square',
      background: { kind: 'image', url: 'https://example.com/bg.png' },
    });
    expect(fake.jobs.get(jobId)!.request).toEqual({
      text: validInput.script,
      creator: validInput.avatarId,
      aspect_ratio: '1x1',
      background_asset_image_url: 'https://example.com/bg.png',
    });
  });

  test('both credential headers are required: a wrong API id is refused too', async () => {
    const p = createCreatifyProvider({ apiId: 'other-id', apiKey: fake.apiKey, baseUrl: fake.url });
    await expect(p.listAvatars()).rejects.toMatchObject({ status: 401, retryable: false });
  });

  test('progress is reported while running', async () => {
    fake.nextJob({ slow: 3 });
    const p = provider(fake);
    const { jobId } = await p.submit(validInput);
    const seen: number[] = [];
    for (;;) {
      const s = await p.status(jobId);
      if (s.state === 'processing' && s.progress !== undefined) seen.push(s.progress);
      if (s.state === 'completed' || s.state === 'failed') break;
    }
    expect(seen.length).toBe(3);
    expect(seen[0]!).toBeLessThan(seen[2]!);
    expect(Math.max(...seen)).toBeLessThanOrEqual(100);
    expect(fake.requests.at(-1)!.path).toBe(`/api/lipsyncs/${jobId}/`);
  });

  test('voices are flattened to one entry per accent, named voice (accent)', async () => {
    const voices = await provider(fake).listVoices();
    expect(voices[0]).toEqual({
      id: CREATIFY_FAKE_VOICES[0]!.accents[0]!.id,
      name: 'Fatima (American English accent)',
      gender: 'female',
      language: 'American English accent',
      previewUrl: expect.stringContaining(fake.url),
    });
  });

  test('status mapping covers every documented status', () => {
    expect(mapCreatifyStatus({ status: 'pending' }).state).toBe('queued');
    expect(mapCreatifyStatus({ status: 'in_queue' }).state).toBe('queued');
    expect(mapCreatifyStatus({ status: 'running', progress: '0.5' })).toEqual({ state: 'processing', progress: 50 });
    expect(mapCreatifyStatus({ status: 'done', output: 'https://x/v.mp4', video_thumbnail: 'https://x/t.jpg', duration: 12 })).toEqual({
      state: 'completed',
      videoUrl: 'https://x/v.mp4',
      thumbnailUrl: 'https://x/t.jpg',
      durationSec: 12,
    });
    expect(mapCreatifyStatus({ status: 'failed', failed_reason: 'Boom' })).toEqual({ state: 'failed', message: 'Boom' });
    expect(mapCreatifyStatus({ status: 'rejected', failed_reason: null })).toEqual({
      state: 'failed',
      message: 'Creatify rejected the lipsync',
    });
  });

  test('progress parsing accepts fractions, percentages and numbers', () => {
    expect(parseProgress('0.42')).toBe(42);
    expect(parseProgress('42')).toBe(42);
    expect(parseProgress('42%')).toBe(42);
    expect(parseProgress('1.0')).toBe(100);
    expect(parseProgress(0)).toBe(0);
    expect(parseProgress(null)).toBeUndefined();
    expect(parseProgress('n/a')).toBeUndefined();
  });

  test('DRF error bodies become readable messages', () => {
    expect(creatifyErrorMessage({ detail: 'Not found.' })).toBe('Not found.');
    expect(creatifyErrorMessage({ text: ['This field is required.'], creator: ['Bad.'] })).toBe('text: This field is required.; creator: Bad.');
    expect(creatifyErrorMessage({ non_field_errors: ['Either audio or text is required.'] })).toBe('Either audio or text is required.');
  });

  test('an empty script is refused with the vendor message', async () => {
    await expect(provider(fake).submit({ ...validInput, script: '   ' })).rejects.toThrow('Either audio or text is required.');
  });

  test('completed jobs carry a thumbnail served by the fake', async () => {
    const p = provider(fake);
    const { jobId } = await p.submit(validInput);
    const { final } = await pollUntilSettled(p, jobId);
    if (final.state !== 'completed') throw new Error('not completed');
    const res = await fetch(final.thumbnailUrl!);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});
