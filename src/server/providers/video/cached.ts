import type { CloudVideoProvider, ProviderAvatar, ProviderVoice } from './types';

const CATALOGUE_MS = 10 * 60_000;

/**
 * The vendor's avatar and voice lists read once per 10 minutes per account (the avatar library, the
 * render's voice choice and the start of a render all ask): a failed read is not kept.
 */
export function withCachedCatalogue(provider: CloudVideoProvider): CloudVideoProvider {
  let avatars: { at: number; list: Promise<ProviderAvatar[]> } | undefined;
  let voices: { at: number; list: Promise<ProviderVoice[]> } | undefined;
  const fresh = (c: { at: number } | undefined) => !!c && Date.now() - c.at < CATALOGUE_MS;
  return {
    name: provider.name,
    submit: (input) => provider.submit(input),
    status: (jobId) => provider.status(jobId),
    listAvatars() {
      if (!fresh(avatars)) {
        const list = provider.listAvatars();
        avatars = { at: Date.now(), list };
        list.catch(() => {
          if (avatars?.list === list) avatars = undefined;
        });
      }
      return avatars!.list;
    },
    listVoices() {
      if (!fresh(voices)) {
        const list = provider.listVoices();
        voices = { at: Date.now(), list };
        list.catch(() => {
          if (voices?.list === list) voices = undefined;
        });
      }
      return voices!.list;
    },
  };
}
