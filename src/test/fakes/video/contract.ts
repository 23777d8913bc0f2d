// Behaviour every cloud adapter must show against its vendor fake. Each
// `<vendor>.test.ts` calls `describeProviderContract` and adds its own
// vendor-specific request-shape tests.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { downloadResult } from '../../../server/providers/video/download';
import { rejectionOf } from '../../rejection';
import { ProviderError, type CloudVideoProvider, type VideoJobInput, type VideoJobStatus } from '../../../server/providers/video/types';
import type { FakeControls, VendorFakeOptions } from './core';

export type ContractFake = FakeControls<Record<string, unknown>>;

export type ProviderContract<F extends ContractFake> = {
  vendor: string;
  start(opts?: VendorFakeOptions): Promise<F>;
  /** Adapter pointed at the fake; `wrongKey` swaps in bad credentials. */
  provider(fake: F, opts?: { wrongKey?: boolean }): CloudVideoProvider;
  /** Secrets that must never show up in errors or logs. */
  secrets(fake: F): string[];
  validInput: VideoJobInput;
  /** Input the vendor refuses at submit time, and (part of) the vendor's message for it. */
  badInput: { input: VideoJobInput; message: string };
  messages: { failed: string; rejected: string; unauthorised: string };
  catalogue: { avatarIds: string[]; voiceIds: string[] };
};

/** The job the contract and request-shape tests submit: a landscape 1080p video of one sentence. */
export const contractInput = (vendor: string, avatarId: string, voiceId: string): VideoJobInput => ({
  script: `Hello from the ${vendor} adapter test.`,
  avatarId,
  voiceId,
  resolution: '1080p',
  aspectRatio: 'landscape',
  title: 'Contract test',
});

export async function pollUntilSettled(
  provider: CloudVideoProvider,
  jobId: string,
  { intervalMs = 0, maxPolls = 50 }: { intervalMs?: number; maxPolls?: number } = {},
): Promise<{ final: VideoJobStatus; history: VideoJobStatus['state'][] }> {
  const history: VideoJobStatus['state'][] = [];
  for (let i = 0; i < maxPolls; i++) {
    const s = await provider.status(jobId);
    history.push(s.state);
    if (s.state === 'completed' || s.state === 'failed') return { final: s, history };
    if (intervalMs) await Bun.sleep(intervalMs);
  }
  throw new Error(`job ${jobId} did not settle in ${maxPolls} polls: ${history.join(',')}`);
}

/** The ProviderError `p` rejects with; `expected` (status, retryable, message) is checked on it when given. */
export async function expectProviderError(
  p: Promise<unknown>,
  expected?: Partial<Pick<ProviderError, 'status' | 'retryable' | 'message'>>,
): Promise<ProviderError> {
  const err = await rejectionOf(p, ProviderError);
  if (expected) expect(err).toMatchObject(expected);
  return err;
}

/** A fake for the whole test file, stopped after its tests. */
export async function startForFile<F extends ContractFake>(start: () => Promise<F>): Promise<F> {
  const fake = await start();
  afterAll(() => fake.stop());
  return fake;
}

const download = (url: string) => downloadResult(url, { maxBytes: 10 * 1024 * 1024 });

export function describeProviderContract<F extends ContractFake>(c: ProviderContract<F>): void {
  describe(`${c.vendor} adapter against its fake`, () => {
    let fake: F;
    let provider: CloudVideoProvider;
    const extra: F[] = [];
    const startExtra = async (opts: VendorFakeOptions) => {
      const f = await c.start(opts);
      extra.push(f);
      return f;
    };

    beforeAll(async () => {
      fake = await c.start();
      provider = c.provider(fake);
    });
    afterAll(() => fake?.stop());
    afterEach(() => {
      while (extra.length) extra.pop()!.stop();
    });

    test('happy path: submit → queued → processing → completed, download works before expiry', async () => {
      const { jobId } = await provider.submit(c.validInput);
      expect(fake.jobs.has(jobId)).toBe(true);
      const { final, history } = await pollUntilSettled(provider, jobId);
      expect(history).toEqual(['queued', 'processing', 'completed']);
      if (final.state !== 'completed') throw new Error('not completed');
      expect(final.videoUrl.startsWith(fake.url)).toBe(true);
      expect(final.durationSec).toBe(1);
      const bytes = await download(final.videoUrl);
      expect(bytes.byteLength).toBe(fake.video.byteLength);
      expect(Buffer.from(bytes).equals(Buffer.from(fake.video))).toBe(true);
      expect(new TextDecoder().decode(bytes.subarray(4, 8))).toBe('ftyp');
    });

    test('wrong credentials → ProviderError 401, not retryable, vendor message, no secret in message', async () => {
      const bad = c.provider(fake, { wrongKey: true });
      for (const call of [() => bad.submit(c.validInput), () => bad.listAvatars(), () => bad.status('anything')]) {
        const err = await expectProviderError(call(), { status: 401, retryable: false });
        expect(err.message).toContain(c.messages.unauthorised);
        for (const s of [...c.secrets(fake), 'wrong-key']) expect(err.message).not.toContain(s);
      }
    });

    test('bad input → submit throws ProviderError 400 with the vendor message, no job created', async () => {
      const before = fake.jobs.size;
      const err = await expectProviderError(provider.submit(c.badInput.input), { status: 400, retryable: false });
      expect(err.message).toContain(c.badInput.message);
      expect(fake.jobs.size).toBe(before);
    });

    test('content moderation rejects the job → failed with the vendor message', async () => {
      const f = await startExtra({ moderatedTerms: ['forbidden phrase'] });
      const p = c.provider(f);
      const { jobId } = await p.submit({ ...c.validInput, script: 'This has a forbidden phrase in it.' });
      const { final } = await pollUntilSettled(p, jobId);
      expect(final).toEqual({ state: 'failed', message: c.messages.rejected });
    });

    test('a job told to be rejected reports the vendor rejection message', async () => {
      const { jobId } = await provider.submit(c.validInput);
      fake.rejectJob(jobId, 'Rejected: likeness of a public figure');
      const { final, history } = await pollUntilSettled(provider, jobId);
      expect(final).toEqual({ state: 'failed', message: 'Rejected: likeness of a public figure' });
      expect(history.at(-1)).toBe('failed');
    });

    test('a failed job → failed with the vendor message', async () => {
      const { jobId } = await provider.submit(c.validInput);
      fake.failJob(jobId);
      const { final, history } = await pollUntilSettled(provider, jobId);
      expect(final).toEqual({ state: 'failed', message: c.messages.failed });
      expect(history).toEqual(['queued', 'processing', 'failed']);
    });

    test('a slow job stays processing for several polls, then completes', async () => {
      fake.nextJob({ slow: 6 });
      const { jobId } = await provider.submit(c.validInput);
      const { final, history } = await pollUntilSettled(provider, jobId);
      expect(history[0]).toBe('queued');
      expect(history.filter((s) => s === 'processing').length).toBe(6);
      expect(history.at(-1)).toBe('completed');
      expect(final.state).toBe('completed');
    });

    test('jobs can advance by wall-clock time instead of polls', async () => {
      const f = await startExtra({ advanceBy: 'time', queuedMs: 150, processingMs: 150 });
      const p = c.provider(f);
      const { jobId } = await p.submit(c.validInput);
      expect((await p.status(jobId)).state).toBe('queued');
      expect((await p.status(jobId)).state).toBe('queued'); // polling alone does not move it
      const { final, history } = await pollUntilSettled(p, jobId, { intervalMs: 15, maxPolls: 100 });
      expect(history).toContain('processing');
      expect(final.state).toBe('completed');
    });

    /** The result link of a job run to completion on a fake of its own started with `opts`. */
    const completedLink = async (opts: VendorFakeOptions) => {
      const f = await startExtra(opts);
      const p = c.provider(f);
      const { jobId } = await p.submit(c.validInput);
      const { final } = await pollUntilSettled(p, jobId);
      if (final.state !== 'completed') throw new Error('not completed');
      return { fake: f, videoUrl: final.videoUrl };
    };

    test('an expired result link → download fails with a clear, non-retryable error', async () => {
      const { videoUrl } = await completedLink({ urlTtlMs: 100 });
      await Bun.sleep(150);
      const err = await expectProviderError(download(videoUrl), { status: 403, retryable: false });
      expect(err.message).toMatch(/expired/);
      expect(err.message).not.toContain('X-Signature'); // signed query string kept out of messages
    });

    test('a one-shot link works once, then answers 403', async () => {
      const { fake: f, videoUrl } = await completedLink({ maxDownloads: 1 });
      expect((await download(videoUrl)).byteLength).toBe(f.video.byteLength);
      await expectProviderError(download(videoUrl), { status: 403 });
    });

    test('5xx → ProviderError retryable; the retry then succeeds', async () => {
      fake.failNextRequests(1, 503);
      await expectProviderError(provider.submit(c.validInput), { status: 503, retryable: true });
      const { jobId } = await provider.submit(c.validInput);
      fake.failNextRequests(1, 500);
      await expectProviderError(provider.status(jobId), { status: 500, retryable: true });
      expect((await provider.status(jobId)).state).toBe('queued');
    });

    test('429 is retryable', async () => {
      fake.failNextRequests(1, 429);
      await expectProviderError(provider.listVoices(), { status: 429, retryable: true });
    });

    test('network failure → ProviderError retryable without status', async () => {
      const f = await startExtra({});
      const p = c.provider(f);
      f.stop();
      const err = await expectProviderError(p.submit(c.validInput));
      expect(err.status).toBeUndefined();
      expect(err.retryable).toBe(true);
      for (const s of c.secrets(f)) expect(err.message).not.toContain(s);
    });

    test('unknown job id → ProviderError 404, not retryable', async () => {
      await expectProviderError(provider.status('does-not-exist'), { status: 404, retryable: false });
    });

    test('lists avatars and voices from the vendor catalogue', async () => {
      const avatars = await provider.listAvatars();
      expect(avatars.map((a) => a.id)).toEqual(c.catalogue.avatarIds);
      for (const a of avatars) {
        expect(a.name.length).toBeGreaterThan(0);
        expect(['male', 'female']).toContain(a.gender!);
        expect(a.thumbnailUrl).toStartWith(fake.url);
      }
      const voices = await provider.listVoices();
      expect(voices.map((v) => v.id)).toEqual(c.catalogue.voiceIds);
      for (const v of voices) expect(v.name.length).toBeGreaterThan(0);
    });

    test('an id from listAvatars/listVoices is accepted by submit', async () => {
      const [avatar] = await provider.listAvatars();
      const voices = await provider.listVoices();
      const voice = voices.at(-1)!;
      const { jobId } = await provider.submit({ ...c.validInput, avatarId: avatar!.id, voiceId: voice.id });
      expect((await pollUntilSettled(provider, jobId)).final.state).toBe('completed');
    });

    test('API keys never reach the console or error messages', async () => {
      const seen: string[] = [];
      const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
      const originals = methods.map((m) => console[m]);
      for (const m of methods) console[m] = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
      const messages: string[] = [];
      try {
        const bad = c.provider(fake, { wrongKey: true });
        for (const call of [() => bad.submit(c.validInput), () => provider.submit(c.badInput.input), () => provider.status('nope')]) {
          messages.push((await expectProviderError(call())).message);
        }
        const { jobId } = await provider.submit(c.validInput);
        await pollUntilSettled(provider, jobId);
      } finally {
        for (const [i, m] of methods.entries()) console[m] = originals[i]!;
      }
      expect(messages.length).toBe(3);
      for (const s of c.secrets(fake)) {
        for (const text of [...seen, ...messages]) expect(text).not.toContain(s);
      }
    });
  });
}
