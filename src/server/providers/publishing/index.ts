import type { Env } from '../../env';
import { createConfiguredPublishers } from './configured';
import { createSandboxPublishing, type SandboxPublishingStore } from './sandbox';
import type { PublishingProvider, PublishPlatform } from './types';

const NO_STORE: SandboxPublishingStore = {
  async record() {
    throw new Error('The publishing sandbox needs the database: pass its store to createProviders');
  },
  async plays() {
    return 0;
  },
};

export type PublishingProviders = Record<PublishPlatform, PublishingProvider>;

/**
 * One provider per platform (docs/decisions/229, 230): the sandbox for every platform unless its API is
 * configured:
 * - FACEBOOK_APP_ID + FACEBOOK_APP_SECRET → facebook and instagram (Graph API: Page videos, Reels);
 * - GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET → youtube (Data API v3, resumable uploads).
 */
export function createPublishing(env: Env, store: SandboxPublishingStore = NO_STORE): PublishingProviders {
  const sandbox = createSandboxPublishing({ store });
  return { facebook: sandbox, instagram: sandbox, youtube: sandbox, ...createConfiguredPublishers(env) };
}
