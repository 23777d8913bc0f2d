import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed, parseWith } from '../../server/http/routes';
import { isInspireScriptBody, ZGenerateScript, ZImproveScript, ZInspireMessage, ZInspireScript } from './schemas';
import { authorOf, generateScript, improveScript, inspireMessage, inspireScript } from './service';

/** The script assistant's documented routes (spec §7). Signed-in users only. */
export function scriptsRest(deps: AppDeps) {
  const llm = deps.providers.llm;
  return new Elysia({ name: 'scripts-rest' })
    .post(
      '/api/generate-script',
      handleAuthed(deps, (ctx, { body }) => generateScript({ llm, author: authorOf(ctx.user), input: parseWith(ZGenerateScript, body) })),
    )
    .post(
      '/api/improve-script',
      handleAuthed(deps, (ctx, { body }) => improveScript({ llm, author: authorOf(ctx.user), input: parseWith(ZImproveScript, body) })),
    )
    .post(
      '/api/inspire-me',
      handleAuthed(deps, (ctx, { body }) =>
        isInspireScriptBody(body)
          ? inspireScript({ llm, author: authorOf(ctx.user), input: parseWith(ZInspireScript, body) })
          : inspireMessage({ llm, author: authorOf(ctx.user), input: parseWith(ZInspireMessage, body) }),
      ),
    );
}
