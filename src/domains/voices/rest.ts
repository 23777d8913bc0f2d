import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handle, handleAuthed, parseWith } from '../../server/http/routes';
import { ZListVoices } from './schemas';
import { listVoices, voicePreviewResponse } from './service';

export function voicesRest(deps: AppDeps) {
  const { db, providers } = deps;
  return (
    new Elysia({ name: 'voices-rest' })
      .get(
        '/api/voices',
        handleAuthed(deps, (_ctx, { query }) => listVoices({ tts: providers.tts, query: parseWith(ZListVoices, query) })),
      )
      // Samples are the same for everyone and cached publicly: <audio> needs no session.
      .get(
        '/api/voices/:id/preview.m4a',
        handle(deps, (_ctx, { params, request }) => voicePreviewResponse({ db, storage: providers.storage, tts: providers.tts, id: params.id, request })),
      )
  );
}
