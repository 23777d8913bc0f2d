import type { User } from 'lucia';
import { type ZodType, z } from 'zod';
import type { AppContext } from '../../server/context';
import type { LlmProvider } from '../../server/providers/llm/types';
import { defineRoute, ok, tagged } from '../../server/http/define-route';
import { parseWith } from '../../server/http/respond';
import { isInspireScriptBody, ZGenerateScript, ZImproveScript, ZInspireMessage, ZInspireScript, ZMessageResult, ZScriptResult } from './schemas';
import { authorOf, generateScript, improveScript, inspireMessage, inspireScript, type ScriptAuthor } from './service';

/** Who writes, for whom: the configured model and the signed-in user's name, company and language. */
const writerOf = (ctx: AppContext & { user: User }): { llm: LlmProvider; author: ScriptAuthor } => ({ llm: ctx.providers.llm, author: authorOf(ctx.user) });

/** A request for a script: the body is the service's `input`. */
const scriptRoute = <P extends string, B, BI>(
  path: P,
  summary: string,
  body: ZodType<B, BI>,
  write: (o: { llm: LlmProvider; author: ScriptAuthor; input: B }) => Promise<z.input<typeof ZScriptResult>>,
) =>
  defineRoute({
    method: 'POST',
    path,
    summary,
    access: 'user',
    body,
    responses: [ok(ZScriptResult)],
    handler: (ctx, { body: input }) => write({ ...writerOf(ctx), input }),
  });

/** The script assistant's documented routes (spec §7). Signed-in users only. */
export const scriptsRoutes = tagged('scripts', [
  scriptRoute('/api/generate-script', 'Write a script from campaign details and a recipient', ZGenerateScript, generateScript),
  scriptRoute('/api/improve-script', 'Improve a script with instructions', ZImproveScript, improveScript),
  defineRoute({
    method: 'POST',
    path: '/api/inspire-me',
    summary: 'A script from an idea and a tone, or a message for a video and platform',
    access: 'user',
    body: z.union([ZInspireScript, ZInspireMessage]),
    // The form is told by its keys, so that a mistake answers that form's own message.
    parseBody: (raw) =>
      isInspireScriptBody(raw)
        ? { form: 'script' as const, input: parseWith(ZInspireScript, raw) }
        : { form: 'message' as const, input: parseWith(ZInspireMessage, raw) },
    responses: [ok(z.union([ZScriptResult, ZMessageResult]), 'A script for the script form, a message for the message form')],
    handler: (ctx, { body }) =>
      body.form === 'script' ? inspireScript({ ...writerOf(ctx), input: body.input }) : inspireMessage({ ...writerOf(ctx), input: body.input }),
  }),
]);
