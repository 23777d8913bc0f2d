import { describe, expect, test } from 'bun:test';
import { ProviderError } from '../../server/providers/video/types';
import { TEMPLATES } from '../../shared/templates';
import { CLOUD_DEADLINE_MS, planCloudInput, planPoll, planRender, pollTarget, templateBackground } from './render-plan';
import { testRenderSpec } from './fixtures/render-spec';
import type { RenderSpec } from './tables';

// The render jobs' decisions, without a database or a vendor.

const spec = (avatar: RenderSpec['avatar']) => testRenderSpec({ avatar, voiceId: 'local-fr-female', aspectRatio: 'portrait' });
const stockMale = spec({ kind: 'stock', id: 'stock-1', index: 1, gender: 'male' });
const french = { gender: 'female', language: 'fr', languageName: 'French' };
const catalogue = {
  avatars: [
    { id: 'a-f', name: 'Anna', gender: 'female' as const },
    { id: 'a-m', name: 'Max', gender: 'male' as const },
  ],
  voices: [
    { id: 'v-en-f', name: 'Emma', gender: 'Female', language: 'English' },
    { id: 'v-fr-m', name: 'Louis', gender: 'male', language: 'fr-FR' },
    { id: 'v-fr-f', name: 'Claire', gender: 'female', language: 'French' },
  ],
};
const input = (s: RenderSpec, cat = catalogue) =>
  planCloudInput({
    vendor: 'heygen',
    spec: s,
    video: { title: 'Hello', resolution: null },
    script: 'Bonjour',
    catalogue: cat,
    voice: french,
    background: { kind: 'color', color: '#112233' },
  });

describe('render plan', () => {
  test('the render job skips an ended or deleted video, renders locally, submits once to a cloud vendor', () => {
    expect(planRender(null, false)).toBe('skip');
    expect(planRender({ status: 'completed', providerJobId: null }, false)).toBe('skip');
    expect(planRender({ status: 'failed', providerJobId: 'j1' }, true)).toBe('skip');
    expect(planRender({ status: 'processing', providerJobId: null }, false)).toBe('local');
    expect(planRender({ status: 'processing', providerJobId: null }, true)).toBe('submit');
    // A retried render job after a submit that went through: poll, never a second vendor job.
    expect(planRender({ status: 'processing', providerJobId: 'j1' }, true)).toBe('poll');
  });

  test('a poll waits with growing progress, copies a finished result, throws a vendor failure', () => {
    expect(planPoll({ state: 'queued' }, { n: 1, vendor: 'heygen' })).toEqual({ kind: 'wait', progress: 5, next: 2 });
    expect(planPoll({ state: 'processing' }, { n: 3, vendor: 'heygen' })).toEqual({ kind: 'wait', progress: 25, next: 4 });
    expect(planPoll({ state: 'processing' }, { n: 40, vendor: 'heygen' })).toMatchObject({ progress: 90 });
    expect(planPoll({ state: 'processing', progress: 99 }, { n: 2, vendor: 'heygen' })).toMatchObject({ progress: 95 });
    expect(planPoll({ state: 'completed', videoUrl: 'https://x/v.mp4' }, { n: 2, vendor: 'heygen' })).toEqual({ kind: 'copy', url: 'https://x/v.mp4' });
    expect(() => planPoll({ state: 'failed', message: '' }, { n: 2, vendor: 'heygen' })).toThrow(new ProviderError('heygen could not render the video'));
  });

  test('no poll for a job never submitted or past the two-hour deadline', () => {
    const now = Date.now();
    expect(pollTarget({ providerJobId: 'j1', createdAt: new Date(now - 1000) }, 'did', now)).toBe('j1');
    expect(() => pollTarget({ providerJobId: null, createdAt: new Date(now) }, 'did', now)).toThrow('never submitted');
    const old = new Date(now - CLOUD_DEADLINE_MS - 1);
    expect(() => pollTarget({ providerJobId: 'j1', createdAt: old }, 'did', now)).toThrow('did did not finish the video within 2 hours');
  });

  test('the vendor input: same-gender avatar, a voice of the same gender and language', () => {
    expect(input(stockMale)).toEqual({
      script: 'Bonjour',
      avatarId: 'a-m',
      voiceId: 'v-fr-f',
      background: { kind: 'color', color: '#112233' },
      resolution: '720p',
      aspectRatio: 'portrait',
      title: 'Hello',
    });
    // No voice speaks the language: the first of the right gender; no avatar of the gender: the first.
    const english = { avatars: [catalogue.avatars[0]!], voices: [catalogue.voices[0]!, catalogue.voices[1]!] };
    expect(input(stockMale, english)).toMatchObject({ avatarId: 'a-f', voiceId: 'v-en-f' });
  });

  test('custom avatars and empty catalogues are refused with a sentence', () => {
    expect(() => input(spec({ kind: 'custom', id: 'c1', gender: 'female' }))).toThrow(
      'Custom avatars are rendered by the local engine only; choose a stock avatar to render with heygen',
    );
    expect(() => input(stockMale, { avatars: [], voices: [] })).toThrow('heygen: no avatar is available on this account');
  });

  test('a template background is an image only at a public address', () => {
    const image = TEMPLATES.find((t) => t.background.type === 'image');
    const color = TEMPLATES.find((t) => t.background.type === 'color');
    expect(templateBackground(image, (u) => `https://app.example${u}`)).toMatchObject({ kind: 'image' });
    expect(templateBackground(image, () => null)).toEqual({ kind: 'color', color: '#e2e8f0' });
    if (color?.background.type === 'color') expect(templateBackground(color, () => null)).toEqual({ kind: 'color', color: color.background.value });
    expect(templateBackground(undefined, () => null)).toEqual({ kind: 'color', color: '#e2e8f0' });
  });
});
