import { binary, defineRoute, ok, tagged } from '../../server/http/define-route';
import { ZListVoices, ZVoiceList } from './schemas';
import { listVoices, voicePreviewResponse } from './service';

export const voicesRoutes = tagged('voices', [
  defineRoute({
    method: 'GET',
    path: '/api/voices',
    summary: 'Voices with audio previews and the default voice',
    access: 'user',
    query: ZListVoices,
    responses: [ok(ZVoiceList)],
    handler: (ctx, { query }) => listVoices({ tts: ctx.providers.tts, query }),
  }),
  // Samples are the same for everyone and cached publicly: <audio> needs no session.
  defineRoute({
    method: 'GET',
    path: '/api/voices/:id/preview.m4a',
    summary: 'A voice sample (public, cached)',
    access: 'public',
    responses: [binary('audio/mp4')],
    handler: (ctx, { params, request }) => voicePreviewResponse({ db: ctx.db, storage: ctx.providers.storage, tts: ctx.providers.tts, id: params.id, request }),
  }),
]);
