// Avatar rules of spec part 2 §3–§5 that the library screen applies.
import { AVATAR_SOURCE_MAX_BYTES, AVATAR_SOURCE_TYPES } from '@/domains/avatars/constants';

export const AVATAR_PAGE_SIZE = 20;
export const AVATAR_STATUS_POLL_MS = 5000;
/** The server's list (WebM is what the camera records). */
export const AVATAR_FILE_TYPES = AVATAR_SOURCE_TYPES;
export const AVATAR_FILE_MAX_BYTES = AVATAR_SOURCE_MAX_BYTES;

export const AVATAR_TABS = ['all', 'office', 'casual', 'custom'] as const;
export type AvatarTab = (typeof AVATAR_TABS)[number];
export const AVATAR_GENDERS = ['all', 'male', 'female'] as const;
export type AvatarGenderFilter = (typeof AVATAR_GENDERS)[number];

/** A custom avatar: id custom_… or custom-avatar-…, or category or type custom. */
export function isCustomAvatar(a: { id: string; category?: string | null; type?: string | null }): boolean {
  return a.id.startsWith('custom_') || a.id.startsWith('custom-avatar-') || a.category === 'custom' || a.type === 'custom';
}

/** Custom avatar statuses that are still being prepared: the card polls them every 5 s. */
export const PREPARING_STATUSES = ['processing', 'created', 'validating'] as const;
export const isPreparing = (status: string | null | undefined) => !!status && (PREPARING_STATUSES as readonly string[]).includes(status);

export type FileProblem = 'type' | 'size' | null;
/** The client's own check of a chosen file (the server checks again, by content). */
export function checkAvatarFile(file: { type: string; size: number }): FileProblem {
  if (!(AVATAR_FILE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_FILE_MAX_BYTES) return 'size';
  return null;
}

type ListOptions = { tab: AvatarTab; gender: AvatarGenderFilter; search: string; page: number };

/** The query of GET /api/avatars for a tab, gender, search and page (unset filters left out). */
export function avatarListParams(opts: ListOptions) {
  const s = opts.search.trim();
  return {
    page: String(opts.page),
    limit: String(AVATAR_PAGE_SIZE),
    ...(opts.tab !== 'all' ? { category: opts.tab } : {}),
    ...(opts.gender !== 'all' ? { gender: opts.gender } : {}),
    ...(s ? { search: s } : {}),
  };
}

/** The same as a query string. */
export const avatarListQuery = (opts: ListOptions): string => new URLSearchParams(avatarListParams(opts)).toString();

/** A server answer that says the provider refused for lack of permissions (spec part 2 §6). */
export function isPermissionError(status: number | undefined, message: string): boolean {
  return status === 403 || /permission/i.test(message);
}
