import { z } from 'zod';
import { ZUrl } from '../../shared/reply-schemas';

export const TEMPLATE_NOT_FOUND = 'Template not found';

// Answers of the template catalogue (the catalogue itself is src/shared/templates.ts).
const type = z.enum(['business', 'social', 'personal']);
export const ZTemplateSummary = z.object({ id: z.string(), name: z.string(), description: z.string(), thumbnailUrl: ZUrl, type });
export const ZTemplate = ZTemplateSummary.extend({
  thumbnail: ZUrl,
  aspectRatio: z.enum(['landscape', 'portrait', 'square']),
  duration: z.number().describe('seconds, approximate'),
  background: z.union([z.object({ type: z.literal('color'), value: z.string() }), z.object({ type: z.literal('image'), url: ZUrl })]),
  backgroundUrl: ZUrl.nullable(),
  avatarGender: z.enum(['male', 'female']),
  script: z.string(),
  variables: z.record(z.string(), z.object({ defaultValue: z.string(), label: z.string(), kind: z.enum(['text', 'avatar', 'voice']) })),
});
export const ZTemplateList = z.object({ templates: z.array(ZTemplate) });
