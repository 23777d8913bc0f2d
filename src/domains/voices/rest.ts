import { binary, defineRoute, ok, tagged } from '../../server/http/define-route';
import { ZHearVoice, ZListVoices, ZVoiceList } from './schemas';
import { hearVoice, listVoices, voicePreviewResponse } from './service';

export const voicesRoutes = tagged('voices', [
  defineRoute({
    method: 'GET',
    path: '/api/voices',
    summary: 'Voices with audio previews and the default voice',
    access: 'user',
    query: ZListVoices,
    responses: [ok(ZVoiceList)],
    handler: async (ctx, { query }) => listVoices({ tts: (await ctx.workspaceProviders(ctx.scope.workspaceId)).tts, query }),
  }),
  // Samples are the same for everyone and cached publicly: <audio> needs no session. A signed-in
  // caller also hears the voices of their workspace's own providers (Settings → Integrations).
  defineRoute({
    method: 'GET',
    path: '/api/voices/:id/preview.m4a',
    summary: 'A voice sample (public, cached)',
    access: 'public',
    responses: [binary('audio/mp4')],
    handler: async (ctx, { params, request }) =>
      voicePreviewResponse({
        db: ctx.db,
        storage: ctx.providers.storage,
        tts: ctx.scope ? (await ctx.workspaceProviders(ctx.scope.workspaceId)).tts : ctx.providers.tts,
        id: params.id,
        request,
      }),
  }),
  // The wizard's "Hear it": the voice says the script's first sentence before anything is rendered.
  defineRoute({
    method: 'POST',
    path: '/api/voices/:id/hear',
    summary: 'The voice saying the first sentence of a text (AAC in M4A; cached per workspace, rate-limited)',
    access: 'user',
    body: ZHearVoice,
    responses: [binary('audio/mp4')],
    handler: async (ctx, { params, body }) => {
      const bytes = await hearVoice({
        storage: ctx.providers.storage,
        tts: (await ctx.workspaceProviders(ctx.scope.workspaceId)).tts,
        limiter: ctx.limits.voiceHear,
        scope: ctx.scope,
        voiceId: params.id,
        input: body,
      });
      return new Response(new Uint8Array(bytes), {
        headers: { 'content-type': 'audio/mp4', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
      });
    },
  }),
]);
