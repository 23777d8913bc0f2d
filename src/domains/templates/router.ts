import { z } from 'zod';
import { id } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { languageOf } from '../settings/language';
import { ZTemplate, ZTemplateList } from './schemas';
import { getTemplate, listTemplates } from './service';

const ZTemplateId = z.object({ id: id('template', 100) }).strict();

// templates.generate is mounted by generation (src/domains/generation/router.ts): generation reads templates, not the reverse.
export const templatesRouter = router({
  list: protectedProcedure.output(ZTemplateList).query(({ ctx }) => listTemplates(languageOf(ctx.user))),
  byId: protectedProcedure.input(ZTemplateId).output(ZTemplate).query(({ ctx, input }) => getTemplate(input.id, languageOf(ctx.user))),
});
