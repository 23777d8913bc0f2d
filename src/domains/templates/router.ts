import { z } from 'zod';
import { id } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { ZTemplateGenerate } from '../generation/schemas';
import { generateFromTemplate } from '../generation/service';
import { languageOf } from '../settings/language';
import { getTemplate, listTemplates } from './service';

const ZTemplateId = z.object({ id: id('template', 100) }).strict();

export const templatesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listTemplates(languageOf(ctx.user))),
  byId: protectedProcedure.input(ZTemplateId).query(({ ctx, input }) => getTemplate(input.id, languageOf(ctx.user))),
  generate: protectedProcedure
    .input(z.object({ id: id('template', 100), input: ZTemplateGenerate }).strict())
    .mutation(({ ctx, input }) => generateFromTemplate(ctx, ctx.user.id, input.id, input.input, languageOf(ctx.user))),
});
