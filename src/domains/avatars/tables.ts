import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { PhotoMeshMeta } from '../../media/photo-frame';
import type { PhotoRigMeta } from '../../media/photo-rig';
import type { VideoAvatarMeta } from '../../media/video-avatar';
import { ownedColumns } from '../workspaces/tables';
import { timestamps } from '../../server/db/columns';

/** processing → created → validating → done (spec part 2 §3); failed when the photo cannot be used. */
export const CUSTOM_AVATAR_STATUSES = ['processing', 'created', 'validating', 'done', 'failed'] as const;
export type CustomAvatarStatus = (typeof CUSTOM_AVATAR_STATUSES)[number];

export const customAvatars = pgTable(
  'custom_avatars',
  {
    /** id: `custom-avatar-…` (the spec recognises custom avatars by this prefix); workspaceId: the workspace it belongs to. */
    ...ownedColumns(),
    name: text('name').notNull(),
    gender: text('gender').$type<'male' | 'female' | 'non-binary'>().notNull(),
    status: text('status').$type<CustomAvatarStatus>().notNull().default('processing'),
    /** The user's upload (image or consent video) as /files/<key>. */
    sourceUrl: text('source_url').notNull(),
    sourceType: text('source_type').notNull(),
    /** Face-centred square crop (PNG), what the renderer animates. */
    imageUrl: text('image_url'),
    /** The crop cut out as a circle (PNG with alpha): the library thumbnail. */
    thumbnailUrl: text('thumbnail_url'),
    /** Talking photo: the precomputed mouth and eyelid frames (PNG atlas) and their layout. */
    rigUrl: text('rig_url'),
    // Version 2: the talking photo's mesh (no rig file); version 1: the layout of the atlas at rig_url.
    // A video avatar's: kind 'video', its framing and per-frame maps; its meshes at rig_url, its loop at clip_url.
    rig: jsonb('rig').$type<PhotoRigMeta | PhotoMeshMeta | VideoAvatarMeta>(),
    /** Video avatar: the clip's loop (H.264, no sound), played forward then backward. */
    clipUrl: text('clip_url'),
    errorMessage: text('error_message'),
    ...timestamps(),
  },
  (t) => [index('custom_avatars_user_idx').on(t.workspaceId, t.createdAt)],
);
export type CustomAvatarRow = typeof customAvatars.$inferSelect;
