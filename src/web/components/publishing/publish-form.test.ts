import { describe, expect, test } from 'bun:test';
import { i18nObject } from '@locales/i18n-util';
import { loadLocale } from '@locales/i18n-util.sync';
import type { Connection } from './api';
import { connectedPlatforms, publishRequest, publishSchema, type PublishValues } from './publish-form';

loadLocale('fr');
const LL = i18nObject('fr');
const now = () => new Date('2026-11-28T12:00:00Z');
const valid: PublishValues = {
  platform: 'instagram',
  targetId: 'ig-1',
  title: '  Spring tour  ',
  description: 'Watch: https://app.example/v/abc?via=x',
  visibility: 'private',
  publishAt: '',
};
const problems = (v: Partial<PublishValues>) => {
  const r = publishSchema(LL, now).safeParse({ ...valid, ...v });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the publish form', () => {
  test('a title, at most 100 characters; a target; the messages in the user’s language', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ title: '   ' })).toEqual(['title: Donnez un titre à la publication']);
    expect(problems({ title: 'x'.repeat(101) })).toEqual(['title: Le titre ne doit pas dépasser 100 caractères']);
    expect(problems({ targetId: '' })).toEqual(['targetId: Choisissez où publier']);
    expect(problems({ description: 'x'.repeat(5001) })).toEqual(['description: La description ne doit pas dépasser 5000 caractères']);
  });

  test('a schedule in the past is refused; empty publishes now', () => {
    expect(problems({ publishAt: '2026-11-27T10:00' })).toEqual(['publishAt: Choisissez un moment à venir']);
    expect(problems({ publishAt: '2026-12-01T10:00' })).toEqual([]);
  });

  test('the request: visibility only on YouTube, the schedule as an instant, the trimmed title, the one request key', () => {
    const ids = { videoId: 'v1', campaignId: 'c1', requestKey: 'k1' };
    expect(publishRequest(valid, ids)).toEqual({
      videoId: 'v1',
      campaignId: 'c1',
      platform: 'instagram',
      targetId: 'ig-1',
      title: 'Spring tour',
      description: valid.description,
      visibility: 'public',
      publishAt: null,
      requestKey: 'k1',
    });
    const yt = publishRequest({ ...valid, platform: 'youtube', visibility: 'unlisted', publishAt: '2026-12-01T10:00' }, ids);
    expect(yt.visibility).toBe('unlisted');
    expect(yt.publishAt).toBe(new Date('2026-12-01T10:00').toISOString());
  });

  test('only connected platforms can be chosen', () => {
    const c = (platform: Connection['platform'], status: Connection['status']): Connection => ({
      platform,
      status,
      sandbox: true,
      targets: [],
      connectedAt: null,
    });
    expect(connectedPlatforms([c('facebook', 'expired'), c('instagram', 'connected'), c('youtube', 'disconnected')])).toEqual(['instagram']);
  });
});
