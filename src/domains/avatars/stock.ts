import { parseStockAvatarId, STOCK_AVATAR_COUNT, stockAvatar } from '../../media/avatar-art';

export type AvatarItem = {
  id: string;
  name: string;
  thumbnail: string;
  url: string;
  gender: string;
  category: 'office' | 'casual' | 'custom';
  /** The category in the user's language (the list answers with it). */
  categoryLabel?: string;
  type: 'stock' | 'custom';
  provider: 'default';
  status?: string;
};

export const stockThumbnailUrl = (id: string) => `/api/avatars/${id}/thumbnail.png`;

let library: AvatarItem[] | undefined;

/** The 2,991 deterministic presenters, built once per process (a few ms) and filtered in memory. */
export function stockLibrary(): readonly AvatarItem[] {
  library ??= Array.from({ length: STOCK_AVATAR_COUNT }, (_, i) => {
    const a = stockAvatar(i);
    const thumbnail = stockThumbnailUrl(a.id);
    return { id: a.id, name: a.name, thumbnail, url: thumbnail, gender: a.gender, category: a.category, type: 'stock' as const, provider: 'default' as const };
  });
  return library;
}

export function findStock(id: string): AvatarItem | undefined {
  const index = parseStockAvatarId(id);
  return index === undefined ? undefined : stockLibrary()[index];
}

export { parseStockAvatarId };
