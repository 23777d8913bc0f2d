import { AppError, invalidInput, notFound } from '../../server/http/app-error';
import type { WorkspaceProviders } from '../../server/providers/workspace';
import { ProviderError, type CloudVideoProvider, type ProviderAvatar } from '../../server/providers/video/types';
import { providerAvatarRef, VIDEO_VENDOR_NAMES, type VideoVendor } from '../../shared/integrations';
import { AVATAR_MESSAGES } from './schemas';
import type { AvatarItem } from './stock';

// The video providers' avatars (HeyGen, D-ID, Creatify) beside our own, when the workspace has a key
// for one, or the server has one for every workspace (docs/decisions/220). Their id names the vendor
// (`heygen-<its avatar id>`): a render with one goes to that vendor with the workspace's key.

export type ProviderAvatarItem = Omit<AvatarItem, 'type' | 'provider' | 'category'> & {
  type: 'provider';
  category: 'provider';
  provider: VideoVendor;
  /** The vendor as the card names it. */
  providerName: string;
};

/** Every connected vendor's avatars; a vendor that cannot answer now is left out (the library still opens). */
export async function providerAvatars(clouds: readonly CloudVideoProvider[]): Promise<ProviderAvatarItem[]> {
  const lists = await Promise.all(
    clouds.map(async (cloud) => {
      const avatars = await cloud.listAvatars().catch(() => []);
      return avatars.map(
        (a): ProviderAvatarItem => ({
          id: `${cloud.name}-${a.id}`,
          name: a.name,
          thumbnail: a.thumbnailUrl ?? '',
          url: a.thumbnailUrl ?? '',
          gender: a.gender ?? 'female',
          category: 'provider',
          type: 'provider',
          provider: cloud.name,
          providerName: VIDEO_VENDOR_NAMES[cloud.name],
        }),
      );
    }),
  );
  return lists.flat();
}

/** A provider avatar chosen for a render: its vendor must be connected here and still offer it. */
export async function resolveProviderAvatar(providers: Pick<WorkspaceProviders, 'cloud'> | undefined, id: string) {
  const ref = providerAvatarRef(id);
  if (!ref) return null;
  const cloud = providers?.cloud(ref.vendor);
  if (!cloud) throw invalidInput(`${VIDEO_VENDOR_NAMES[ref.vendor]} is not connected in this workspace: connect it in Settings → Integrations`);
  let found: ProviderAvatar | undefined;
  try {
    found = (await cloud.listAvatars()).find((a) => a.id === ref.avatarId);
  } catch (e) {
    throw new AppError('UNAVAILABLE', e instanceof ProviderError ? e.message : `${VIDEO_VENDOR_NAMES[ref.vendor]} could not list its avatars`);
  }
  if (!found) throw notFound(AVATAR_MESSAGES.notFound);
  return { kind: 'provider' as const, id, vendor: ref.vendor, avatarId: ref.avatarId, gender: found.gender ?? 'female' };
}
