import { created, defineRoute, error, tagged } from '../../server/http/define-route';
import { cloneWorkspaceVoice } from './clone';
import { ZClonedVoice, ZCloneVoice } from './schemas';

export const integrationsRoutes = tagged('integrations', [
  // Multipart (the recorded sample), hence REST; from a browser session only, like the rest of Settings → Integrations.
  defineRoute({
    method: 'POST',
    path: '/api/integrations/elevenlabs/voices',
    summary: "Clone a voice from a sample (20 s to 3 min of speech) into the workspace's ElevenLabs account (owner and admins)",
    access: 'browser',
    body: ZCloneVoice,
    file: 'sample',
    responses: [created(ZClonedVoice), error(503, 'ElevenLabs could not be reached')],
    handler: (ctx, { body, file }) => cloneWorkspaceVoice({ ...ctx, name: body.name, file }),
  }),
]);
