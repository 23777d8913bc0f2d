import { z } from 'zod';
import type { TranslationFunctions } from '@locales/i18n-types';
import type { Connection, PublishPlatform } from './api';

// The publish dialog's form (docs/decisions/229): the server's limits (ZPublishInput), the messages
// in the user's language. Pure, so that its rules are tested without a browser.

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 5000;

export function publishSchema(LL: TranslationFunctions, now: () => Date = () => new Date()) {
  const D = LL.publishing.dialog;
  return z.object({
    platform: z.enum(['facebook', 'instagram', 'youtube']),
    targetId: z.string().min(1, D.targetRequired()),
    title: z.string().trim().min(1, D.titleRequired()).max(TITLE_MAX, D.titleTooLong()),
    description: z.string().max(DESCRIPTION_MAX, D.descriptionTooLong()),
    visibility: z.enum(['public', 'unlisted', 'private']),
    /** A datetime-local value (the user's time), or empty: now. */
    publishAt: z.string().refine((v) => v === '' || new Date(v).getTime() > now().getTime(), D.scheduleInPast()),
  });
}
export type PublishValues = z.infer<ReturnType<typeof publishSchema>>;

/** The platforms the workspace may publish to now, in the screens' order. */
export const connectedPlatforms = (connections: Connection[]): PublishPlatform[] => connections.filter((c) => c.status === 'connected').map((c) => c.platform);

/** What the server takes: the visibility only matters on YouTube (Facebook and Instagram posts are public). */
export function publishRequest(v: PublishValues, ids: { videoId: string; campaignId: string | null; requestKey: string }) {
  return {
    videoId: ids.videoId,
    campaignId: ids.campaignId,
    platform: v.platform,
    targetId: v.targetId,
    title: v.title.trim(),
    description: v.description,
    visibility: v.platform === 'youtube' ? v.visibility : ('public' as const),
    publishAt: v.publishAt ? new Date(v.publishAt).toISOString() : null,
    requestKey: ids.requestKey,
  };
}
