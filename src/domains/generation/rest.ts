import { pagedObjectRoute, uploadRoute } from '../../server/http/row-routes';
import { ZPage } from '../../shared/paging';
import { languageOf } from '../settings/language';
import { created, defineRoute, ok, planLimit, tagged } from '../../server/http/define-route';
import { multipartBody } from '../../server/http/multipart';
import { uploadRecording } from './recordings';
import {
  ZBackgroundList,
  ZBackgroundUploaded,
  ZClipList,
  ZProcessedVideos,
  ZRecordingUploaded,
  ZTalk,
  ZTalkStarted,
  ZTalkStatus,
  ZTemplateGenerate,
  ZTemplateGenerated,
  ZVideoStatus,
} from './schemas';
import { generateFromTemplate, listBackgrounds, startTalk, uploadBackground } from './service';
import { getTalkStatus, getVideoStatus, listClips, listProcessedVideos } from './status';

const videoStatus = { method: 'GET', access: 'user', responses: [ok(ZVideoStatus)] } as const;

export const generationRoutes = tagged('generation', [
  defineRoute({
    method: 'POST',
    path: '/api/avatars/talk',
    summary: 'Render a talking-avatar video',
    access: 'user',
    body: ZTalk,
    responses: [created(ZTalkStarted, 'Queued: poll the status'), planLimit],
    handler: (ctx, { body }) => startTalk({ ...ctx, scope: ctx.scope, input: body }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/avatars/talk/:taskId',
    summary: 'Talk render status',
    access: 'user',
    responses: [ok(ZTalkStatus)],
    handler: (ctx, { params }) => getTalkStatus({ ...ctx, scope: ctx.scope, taskId: params.taskId }),
  }),
  defineRoute({
    ...videoStatus,
    path: '/api/videos/:id/status',
    summary: 'Render status, url and progress',
    handler: (ctx, { params }) => getVideoStatus({ ...ctx, scope: ctx.scope, id: params.id }),
  }),
  // The spec's client asks this address for long (provider) ids; both answer for ours.
  defineRoute({
    ...videoStatus,
    path: '/api/heygen/videos/:id/status',
    summary: 'Render status by a provider job id',
    handler: (ctx, { params }) => getVideoStatus({ ...ctx, scope: ctx.scope, id: params.id }),
  }),
  uploadRoute('/api/backgrounds/upload', 'Upload a background image', 'file', [created(ZBackgroundUploaded), planLimit], uploadBackground),
  // The wizard's teleprompter: one "text" and one "take" (audio) a recorded sentence, in order (decision 221).
  defineRoute({
    method: 'POST',
    path: '/api/voice-recordings',
    summary: 'Upload your own voice, sentence by sentence (multipart: a "text" field and a "take" file per sentence); renders use it by id (voiceRecordingId)',
    access: 'user',
    file: 'take',
    rawBody: true,
    responses: [created(ZRecordingUploaded), planLimit],
    handler: (ctx, { body, request }) =>
      uploadRecording({ db: ctx.db, storage: ctx.providers.storage, scope: ctx.scope, multipart: multipartBody(body, request) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/background-videos',
    summary: 'Your backgrounds and the templates’',
    access: 'user',
    responses: [ok(ZBackgroundList)],
    handler: (ctx) => listBackgrounds({ db: ctx.db, scope: ctx.scope, lang: languageOf(ctx.user) }),
  }),
  pagedObjectRoute('/api/processed-videos', 'Your completed renders, newest first', ZPage, ZProcessedVideos, listProcessedVideos),
  pagedObjectRoute('/api/clips', 'One clip per talk render, newest first', ZPage, ZClipList, listClips),
  // A template's render lives with the renders (templates may not import generation: docs/decisions/140).
  defineRoute({
    method: 'POST',
    path: '/api/templates/:id/generate',
    summary: 'Fill the variables and render',
    access: 'user',
    body: ZTemplateGenerate,
    responses: [created(ZTemplateGenerated, 'Queued: poll the status'), planLimit],
    handler: (ctx, { params, body }) => generateFromTemplate({ ...ctx, scope: ctx.scope, templateId: params.id, input: body, lang: languageOf(ctx.user) }),
  }),
]);
