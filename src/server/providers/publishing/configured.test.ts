import { describe, expect, test } from 'bun:test';
import { loadEnv } from '../../env';
import { createConfiguredPublishers } from './configured';

describe('createConfiguredPublishers', () => {
  test('nothing configured: no real publisher (the sandbox stays)', () => {
    expect(createConfiguredPublishers(loadEnv({}))).toEqual({});
  });

  test('a Meta app id alone is not enough; id + secret: Graph for Facebook and Instagram', () => {
    expect(createConfiguredPublishers(loadEnv({ FACEBOOK_APP_ID: 'a' }))).toEqual({});
    const p = createConfiguredPublishers(loadEnv({ FACEBOOK_APP_ID: 'a', FACEBOOK_APP_SECRET: 's', FACEBOOK_DIALOG_URL: 'http://127.0.0.1:9/dialog' }));
    expect(Object.keys(p).sort()).toEqual(['facebook', 'instagram']);
    expect(p.facebook).toBe(p.instagram!);
    expect(p.facebook!.sandbox).toBe(false);
    expect(p.facebook!.authorizeUrl({ platform: 'facebook', state: 's', redirectUri: 'https://app.test/cb' })).toStartWith('http://127.0.0.1:9/dialog?');
  });

  test('Google client id + secret: YouTube, with its URLs from env', () => {
    const p = createConfiguredPublishers(loadEnv({ GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's', GOOGLE_OAUTH_URL: 'http://127.0.0.1:9/auth' }));
    expect(Object.keys(p)).toEqual(['youtube']);
    expect(p.youtube!.name).toBe('youtube');
    expect(p.youtube!.authorizeUrl({ platform: 'youtube', state: 's', redirectUri: 'https://app.test/cb' })).toStartWith('http://127.0.0.1:9/auth?');
  });

  test('env rejects a URL variable that is not a URL', () => {
    expect(() => loadEnv({ YOUTUBE_API_URL: 'not a url' })).toThrow('YOUTUBE_API_URL');
  });
});
