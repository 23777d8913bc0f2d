import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed, json, parseWith } from '../../server/http/routes';
import { ZTalk, ZTemplateGenerate } from './schemas';
import { generateFromTemplate, getTalkStatus, getVideoStatus, listBackgrounds, listClips, listProcessedVideos, startTalk, uploadBackground } from './service';

export function generationRest(deps: AppDeps) {
  const { db } = deps;
  const storage = deps.providers.storage;
  return (
    new Elysia({ name: 'generation-rest' })
      .post(
        '/api/avatars/talk',
        handleAuthed(deps, async (ctx, { body }) => json(await startTalk(deps, ctx.user.id, parseWith(ZTalk, body)), { status: 201 })),
      )
      .get(
        '/api/avatars/talk/:taskId',
        handleAuthed(deps, (ctx, { params }) => getTalkStatus(deps, ctx.user.id, params.taskId)),
      )
      .get(
        '/api/videos/:id/status',
        handleAuthed(deps, (ctx, { params }) => getVideoStatus(deps, ctx.user.id, params.id)),
      )
      // The spec's client asks this address for long (provider) ids; both answer for ours.
      .get(
        '/api/heygen/videos/:id/status',
        handleAuthed(deps, (ctx, { params }) => getVideoStatus(deps, ctx.user.id, params.id)),
      )
      // A template's generate lives here, not in templates: generation reads the catalogue (one-way domain graph).
      .post(
        '/api/templates/:id/generate',
        handleAuthed(deps, async (ctx, { params, body }) =>
          json(await generateFromTemplate(deps, ctx.user.id, params.id, parseWith(ZTemplateGenerate, body)), { status: 201 }),
        ),
      )
      .post(
        '/api/backgrounds/upload',
        handleAuthed(deps, async (ctx, { body }) =>
          json(await uploadBackground({ db, storage, userId: ctx.user.id, file: (body as Record<string, unknown> | null)?.file }), { status: 201 }),
        ),
      )
      .get(
        '/api/background-videos',
        handleAuthed(deps, (ctx) => listBackgrounds(db, ctx.user.id)),
      )
      .get(
        '/api/processed-videos',
        handleAuthed(deps, (ctx) => listProcessedVideos(db, ctx.user.id)),
      )
      .get(
        '/api/clips',
        handleAuthed(deps, (ctx) => listClips(db, ctx.user.id)),
      )
  );
}
