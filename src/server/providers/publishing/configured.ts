import type { Env } from '../../env';
import { createGraphPublisher } from './graph';
import type { PublishingProvider, PublishPlatform } from './types';
import { createYouTubePublisher } from './youtube';

type PublishingEnv = Pick<
  Env,
  | 'FACEBOOK_APP_ID'
  | 'FACEBOOK_APP_SECRET'
  | 'FACEBOOK_GRAPH_URL'
  | 'FACEBOOK_DIALOG_URL'
  | 'FACEBOOK_RUPLOAD_URL'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_OAUTH_URL'
  | 'GOOGLE_TOKEN_URL'
  | 'YOUTUBE_API_URL'
>;

/**
 * The real publishers env configures: the Meta app (both id and secret) for Facebook and Instagram, the
 * Google OAuth client for YouTube. Platforms left out keep the sandbox: the factory merges this over it
 * (docs/decisions/230-publishing-adapters.md).
 */
export function createConfiguredPublishers(env: PublishingEnv): Partial<Record<PublishPlatform, PublishingProvider>> {
  const out: Partial<Record<PublishPlatform, PublishingProvider>> = {};
  if (env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET) {
    const meta = createGraphPublisher({
      appId: env.FACEBOOK_APP_ID,
      appSecret: env.FACEBOOK_APP_SECRET,
      graphUrl: env.FACEBOOK_GRAPH_URL,
      dialogUrl: env.FACEBOOK_DIALOG_URL,
      ruploadUrl: env.FACEBOOK_RUPLOAD_URL,
    });
    out.facebook = meta;
    out.instagram = meta;
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    out.youtube = createYouTubePublisher({
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      oauthUrl: env.GOOGLE_OAUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      apiUrl: env.YOUTUBE_API_URL,
    });
  }
  return out;
}
