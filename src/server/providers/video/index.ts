import type { Env } from '../../env';
import { createCreatifyProvider } from './creatify';
import { createDidProvider } from './d-id';
import { createHeygenProvider } from './heygen';
import { createLocalVideoProvider, type LocalVideoProvider } from './local';
import type { CloudVideoProvider } from './types';

/** Either the local engine (renders in the job) or a cloud adapter (submit, then poll). */
export type VideoProvider = LocalVideoProvider | CloudVideoProvider;

export const isCloudProvider = (p: VideoProvider): p is CloudVideoProvider => p.name !== 'local';

/** VIDEO_PROVIDER picks the adapter; its keys must be set, or start-up fails with a readable message. */
export function createVideoProvider(env: Env): VideoProvider {
  const missing = (what: string) => new Error(`VIDEO_PROVIDER=${env.VIDEO_PROVIDER} needs ${what}`);
  switch (env.VIDEO_PROVIDER) {
    case 'heygen':
      if (!env.HEYGEN_API_KEY) throw missing('HEYGEN_API_KEY');
      return createHeygenProvider({ apiKey: env.HEYGEN_API_KEY, baseUrl: env.HEYGEN_BASE_URL });
    case 'creatify':
      if (!env.CREATIFY_API_ID || !env.CREATIFY_API_KEY) throw missing('CREATIFY_API_ID and CREATIFY_API_KEY');
      return createCreatifyProvider({ apiId: env.CREATIFY_API_ID, apiKey: env.CREATIFY_API_KEY, baseUrl: env.CREATIFY_BASE_URL });
    case 'did':
      if (!env.DID_API_KEY) throw missing('DID_API_KEY');
      return createDidProvider({ apiKey: env.DID_API_KEY, baseUrl: env.DID_BASE_URL });
    default:
      return createLocalVideoProvider();
  }
}
