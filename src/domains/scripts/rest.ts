import { z } from 'zod';
import { defineRoute, ok, tagged } from '../../server/http/define-route';
import { parseWith } from '../../server/http/respond';
import { isInspireScriptBody, ZGenerateScript, ZImproveScript, ZInspireMessage, ZInspireScript, ZMessageResult, ZScriptResult } from './schemas';
import { authorOf, generateScript, improveScript, inspireMessage, inspireScript } from './service';

/** The script assistant's documented routes (spec §7). Signed-in users only. */
export const scriptsRoutes = tagged('scripts', [
  defineRoute({
    method: 'POST',
    path: '/api/generate-script',
    summary: 'Write a script from campaign details and a recipient',
    access: 'user',
    body: ZGenerateScript,
    responses: [ok(ZScriptResult)],
    handler: (ctx, { body }) => generateScript({ llm: ctx.providers.llm, author: authorOf(ctx.user), input: body }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/improve-script',
    summary: 'Improve a script with instructions',
    access: 'user',
    body: ZImproveScript,
    responses: [ok(ZScriptResult)],
    handler: (ctx, { body }) => improveScript({ llm: ctx.providers.llm, author: authorOf(ctx.user), input: body }),
  }),
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
    handler: (ctx, { body }) => {
      const author = authorOf(ctx.user);
      return body.form === 'script'
        ? inspireScript({ llm: ctx.providers.llm, author, input: body.input })
        : inspireMessage({ llm: ctx.providers.llm, author, input: body.input });
    },
  }),
]);
