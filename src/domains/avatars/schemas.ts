import { z } from 'zod';
import { ZTimestamp, ZUrl } from '../../shared/reply-schemas';
import { id, singleLine } from '../../shared/zod-text';
import { VIDEO_VENDORS, type VideoVendor } from '../../shared/integrations';

export const AVATAR_MESSAGES = {
  notFound: 'Avatar not found',
  stockDelete: 'Stock avatars cannot be deleted',
  fileType: 'Please upload an image (PNG, JPEG or WebP) or a video (MP4 or QuickTime)',
  fileSize: 'File must be 10MB or smaller',
  noFile: 'No file selected: Please upload an image or video first',
  notYourUpload: 'Unknown upload: please upload an image or video first',
  notReady: 'This custom avatar is still being prepared',
  failed: 'This custom avatar could not be prepared',
} as const;

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be between ${min} and ${max}`)
      .max(max, `${name} must be between ${min} and ${max}`),
  );

/** GET /api/avatars: page, limit (≤ 100), search, gender, category (spec part 2 §2.2). */
export const ZListAvatars = z
  .object({
    page: intParam('page', 1, 100_000, 1),
    limit: intParam('limit', 1, 100, 20),
    search: singleLine('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
    gender: z.enum(['all', 'male', 'female'], { error: 'gender must be all, male or female' }).optional(),
    category: z.enum(['all', 'office', 'casual', 'custom', 'provider'], { error: 'category must be all, office, casual, custom or provider' }).optional(),
    type: z.enum(['all', 'stock', 'custom', 'provider'], { error: 'type must be all, stock, custom or provider' }).optional(),
  })
  .strip();
export type TListAvatars = z.infer<typeof ZListAvatars>;

/** The spec's gender mapping: male, female, non-binary / nb; anything else becomes male. */
export function customAvatarGender(value: unknown): 'male' | 'female' | 'non-binary' {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (v === 'female') return 'female';
  if (v === 'non-binary' || v === 'nb') return 'non-binary';
  return 'male';
}

export const ZCreateCustomAvatar = z
  .object({
    name: singleLine('Name').trim().max(80, 'Name must be at most 80 characters').optional(),
    gender: z.unknown().transform(customAvatarGender),
    imageUrl: singleLine('imageUrl').trim().max(500).optional(),
    consentVideo: singleLine('consentVideo').trim().max(500).optional(),
    mimeType: singleLine('mimeType').trim().max(100).optional(),
  })
  .strip()
  .refine((v) => !!(v.imageUrl || v.consentVideo), { message: AVATAR_MESSAGES.noFile, path: ['imageUrl'] });
export type TCreateCustomAvatar = z.infer<typeof ZCreateCustomAvatar>;

export const ZAvatarId = z.object({ id: id('avatar', 100) }).strict();

// Answers.
export const CUSTOM_AVATAR_STATUS_NAMES = ['processing', 'created', 'validating', 'done', 'failed'] as const;
export const ZStockAvatar = z.object({
  id: z.string(),
  name: z.string(),
  thumbnail: ZUrl,
  url: ZUrl,
  gender: z.string(),
  category: z.enum(['office', 'casual', 'custom']),
  categoryLabel: z.string().optional().describe("the category (the presenter's role) in the user's language"),
  type: z.literal('stock'),
  provider: z.literal('default'),
});
export const ZCustomAvatar = ZStockAvatar.extend({
  thumbnail: z.string().describe('empty until a picture exists'),
  type: z.literal('custom'),
  status: z.enum(CUSTOM_AVATAR_STATUS_NAMES),
  errorMessage: z.string().nullable(),
  imageUrl: ZUrl.nullable(),
  sourceUrl: ZUrl,
  mimeType: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
/** A connected video provider's avatar (HeyGen, D-ID, Creatify): rendered by that provider with the workspace's key. */
export const ZProviderAvatar = ZStockAvatar.extend({
  thumbnail: z.string().describe("the provider's picture (its own address), or empty"),
  url: z.string(),
  category: z.literal('provider'),
  type: z.literal('provider'),
  provider: z.enum(VIDEO_VENDORS as [VideoVendor, ...VideoVendor[]]),
  providerName: z.string(),
});
export const ZAvatarList = z.object({
  avatars: z.array(z.union([ZCustomAvatar, ZProviderAvatar, ZStockAvatar])),
  pagination: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int(), hasNext: z.boolean() }),
});
/**
 * tRPC avatars.list: the same cards as one shape (custom, provider or stock by `type`), as the service
 * declares them: the custom avatars' and providers' own fields are optional (absent on stock cards).
 */
export const ZAvatarCard = ZStockAvatar.extend({
  thumbnail: z.string().describe('empty until a picture exists (a clip being prepared), or the provider’s own address'),
  url: z.string(),
  category: z.enum(['office', 'casual', 'custom', 'provider']),
  type: z.enum(['stock', 'custom', 'provider']),
  provider: z.enum(['default', ...VIDEO_VENDORS]),
  providerName: z.string().optional(),
  status: z.string().optional().describe('custom avatars: one of CUSTOM_AVATAR_STATUS_NAMES'),
  ...ZCustomAvatar.pick({ errorMessage: true, imageUrl: true, sourceUrl: true, mimeType: true, createdAt: true, updatedAt: true }).partial().shape,
});
export const ZAvatarCards = ZAvatarList.extend({ avatars: z.array(ZAvatarCard) });
export const ZAvatarUpload = z.object({ url: ZUrl, mimeType: z.string() });
/** create-custom: the avatar, processing; taskId is its id (poll GET /api/avatars/custom/{id}). */
export const ZCustomAvatarCreated = ZCustomAvatar.extend({ taskId: z.string() });
