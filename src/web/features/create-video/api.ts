import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/app/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type AvatarItem = Outputs['avatars']['list']['avatars'][number];
export type AvatarPage = Outputs['avatars']['list'];
export type VoiceItem = Outputs['voices']['list']['voices'][number];
export type TemplateItem = Outputs['templates']['list']['templates'][number];
export type VideoStatusReply = Outputs['generation']['videoStatus'];
export type RenderTier = Outputs['billing']['plans']['renderTiers'][number];

/** Wizard page size for avatars (spec part 2 §9). */
export const AVATAR_PAGE_SIZE = 18;
