import { totp } from '../domains/auth/totp';
import { webhookSecret } from '../domains/social/connect';
import { socialDepsOf } from '../domains/social/profiles';
import { encodeWav } from '../media/wav';
import type { AppDeps } from '../server/context';
import type { ApiWorld } from './api-world';
import { facePhoto, portraitPng } from './api-world';
import { startElevenLabsFake } from './fakes/tts/speech-fakes';
import { formWith } from './fixtures';
import { signedInClient, TestClient, uniqueName } from './harness';

export type ApiCall = {
  path: string;
  body?: unknown;
  /** Who calls: the world's user (default), or nobody. */
  as?: 'user' | 'anon';
  headers?: Record<string, string>;
  /** The status this call must answer. */
  status: number;
};

type Ctx = { w: ApiWorld; deps: AppDeps; app: { handle(r: Request): Promise<Response> } };
type Maker = (c: Ctx) => ApiCall | Promise<ApiCall>;

/** A one-sentence recording: half a second of a 220 Hz tone as the take (the checks decode it, they do not listen). */
const recordingForm = () => {
  const samples = Int16Array.from({ length: 8000 }, (_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 220 * i) / 16_000)));
  const form = formWith('take', encodeWav({ sampleRate: 16_000, samples }), 'take-1.wav', 'audio/wav');
  form.append('text', 'Hello there.');
  return form;
};

const csv = () => formWith('file', new TextEncoder().encode('name,email\nBob Smith,bob@example.com\n'), 'c.csv', 'text/csv');

/** A link token of the sandbox mail the app sent to a fresh signed-in user (`path`: the link's page), and that user's client. */
async function mailedToken(c: Ctx, path: '/reset-password' | '/verify-email', send?: (email: string) => Promise<unknown>) {
  const other = new TestClient(c.app);
  const username = uniqueName('mailed');
  const email = `${username}@example.com`;
  await other.post('/api/register', { fullName: 'Mail Me', email, username, password: 'correct horse battery' });
  await send?.(email);
  // The e-mail is sent by a job (the same work for known and unknown addresses): wait for it.
  const link = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`);
  let text = '';
  for (let i = 0; i < 100; i++) {
    text = JSON.stringify((await other.get('/api/sandbox/inbox?channel=email')).data);
    const m = link.exec(text);
    if (m) return m[1]!;
    await Bun.sleep(100);
  }
  throw new Error(`no ${path} link in ${text.slice(0, 300)}`);
}

/** A fresh user's password-reset token (their sign-up also mails an address confirmation: the reset link is picked by its page). */
const resetToken = (c: Ctx) => mailedToken(c, '/reset-password', (email) => new TestClient(c.app).post('/api/password/forgot', { email }));

/**
 * One call per documented operation ("METHOD /path" as declared in the domains' rest.ts, src/app/api-routes.ts) that should succeed
 * against the world; destructive ones act on rows made for the purpose, or come last.
 */
export const API_CALLS: Record<string, Maker> = {
  'GET /api/health': () => ({ path: '/api/health', as: 'anon', status: 200 }),
  'GET /api/health/live': () => ({ path: '/api/health/live', as: 'anon', status: 200 }),
  'GET /api/openapi.json': () => ({ path: '/api/openapi.json', as: 'anon', status: 200 }),
  'POST /api/register': () => {
    const username = uniqueName('reg');
    return {
      path: '/api/register',
      as: 'anon',
      body: { fullName: 'New Person', email: `${username}@example.com`, username, password: 'correct horse battery' },
      status: 201,
    };
  },
  'POST /api/login': ({ w }) => ({ path: '/api/login', as: 'anon', body: { username: w.user.username, password: w.password }, status: 200 }),
  'POST /api/login/two-factor': async (c) => {
    const s = await signedInClient(c.app);
    const secret = (await s.client.trpc('mutation', 'twoFactor.begin')).data.result.data.secret as string;
    await s.client.trpc('mutation', 'twoFactor.enable', { password: s.password, code: totp(secret) });
    const pendingToken = (await new TestClient(c.app).post('/api/login', { username: s.user.username, password: s.password })).data.pendingToken;
    // The enabling code is spent: the next step's code (accepted within ±1 step).
    return { path: '/api/login/two-factor', as: 'anon', body: { pendingToken, code: totp(secret, Date.now() + 30_000) }, status: 200 };
  },
  'POST /api/logout': () => ({ path: '/api/logout', as: 'anon', status: 200 }),
  'POST /api/password/forgot': ({ w }) => ({ path: '/api/password/forgot', as: 'anon', body: { email: w.user.email }, status: 200 }),
  'POST /api/password/reset': async (c) => ({
    path: '/api/password/reset',
    as: 'anon',
    body: { token: await resetToken(c), password: 'another good password' },
    status: 200,
  }),
  'POST /api/email/verify': async (c) => ({ path: '/api/email/verify', as: 'anon', body: { token: await mailedToken(c, '/verify-email') }, status: 200 }),
  'POST /api/email/verification': () => ({ path: '/api/email/verification', status: 200 }),
  'GET /api/user': () => ({ path: '/api/user', status: 200 }),
  'GET /api/users/:id': ({ w }) => ({ path: `/api/users/${w.user.id}`, status: 200 }),
  'PATCH /api/users/:id': ({ w }) => ({ path: `/api/users/${w.user.id}`, body: { companyName: 'Acme' }, status: 200 }),
  'POST /api/users/:id/avatar': ({ w }) => ({
    path: `/api/users/${w.user.id}/avatar`,
    body: formWith('avatar', portraitPng(64, 64), 'a.png', 'image/png'),
    status: 200,
  }),
  'POST /api/users/:id/logo': ({ w }) => ({
    path: `/api/users/${w.user.id}/logo`,
    body: formWith('logo', portraitPng(64, 64), 'logo.png', 'image/png'),
    status: 200,
  }),
  'DELETE /api/users/:id/logo': ({ w }) => ({ path: `/api/users/${w.user.id}/logo`, status: 200 }),
  'PATCH /api/users/:id/settings': ({ w }) => ({ path: `/api/users/${w.user.id}/settings`, body: { theme: 'dark' }, status: 200 }),
  'PATCH /api/settings': () => ({ path: '/api/settings', body: { language: 'en' }, status: 200 }),
  'GET /api/subscription': () => ({ path: '/api/subscription', status: 200 }),
  'POST /api/subscription': () => ({ path: '/api/subscription', body: { planId: 'pro', billingCycle: 'monthly' }, status: 200 }),
  'GET /api/dashboard': () => ({ path: '/api/dashboard', status: 200 }),
  'GET /api/campaigns': () => ({ path: '/api/campaigns', status: 200 }),
  'POST /api/campaigns': () => ({ path: '/api/campaigns', body: { name: 'Autumn', platforms: ['email', 'linkedin'] }, status: 201 }),
  'GET /api/campaigns/:id': ({ w }) => ({ path: `/api/campaigns/${w.campaignId}`, status: 200 }),
  'PATCH /api/campaigns/:id': ({ w }) => ({ path: `/api/campaigns/${w.campaignId}`, body: { description: 'Dealers in the north' }, status: 200 }),
  'DELETE /api/campaigns/:id': async ({ w }) => {
    const made = await w.client.post('/api/campaigns', { name: 'To delete', platforms: ['email'] });
    return { path: `/api/campaigns/${made.data.id}`, status: 200 };
  },
  'GET /api/campaigns/:id/analytics': ({ w }) => ({ path: `/api/campaigns/${w.campaignId}/analytics`, status: 200 }),
  'GET /api/videos': ({ w }) => ({ path: `/api/videos?campaignId=${w.campaignId}`, status: 200 }),
  'POST /api/videos': () => ({
    path: '/api/videos',
    body: { title: 'Another', videoUrl: 'https://cdn.example.com/y.mp4', status: 'completed', duration: 12 },
    status: 201,
  }),
  'GET /api/videos/:id': ({ w }) => ({ path: `/api/videos/${w.talk.videoId}`, status: 200 }),
  'PATCH /api/videos/:id': ({ w }) => ({ path: `/api/videos/${w.savedVideoId}`, body: { title: 'Saved (renamed)' }, status: 200 }),
  'DELETE /api/videos/:id': async ({ w }) => {
    const made = await w.client.post('/api/videos', { title: 'To delete', videoUrl: 'https://cdn.example.com/z.mp4' });
    return { path: `/api/videos/${made.data.id}`, status: 200 };
  },
  'GET /api/videos/:id/download': ({ w }) => ({ path: `/api/videos/${w.talk.videoId}/download`, status: 200 }),
  'POST /api/track': ({ w }) => ({ path: '/api/track', as: 'anon', body: { ...w.beaconPage, event: 'view' }, status: 204 }),
  'GET /api/avatars': () => ({ path: '/api/avatars?page=1&limit=5', status: 200 }),
  'GET /api/avatars/:id/thumbnail.png': ({ w }) => ({ path: `/api/avatars/${w.stockAvatarId}/thumbnail.png`, as: 'anon', status: 200 }),
  'POST /api/avatars/upload': async () => ({ path: '/api/avatars/upload', body: formWith('image', await facePhoto(), 'p.jpg', 'image/jpeg'), status: 200 }),
  'POST /api/avatars/create-custom': async ({ w }) => {
    const up = await w.client.post('/api/avatars/upload', formWith('image', await facePhoto(), 'p.jpg', 'image/jpeg'));
    return { path: '/api/avatars/create-custom', body: { name: 'Second', gender: 'male', imageUrl: up.data.url, mimeType: 'image/jpeg' }, status: 200 };
  },
  'GET /api/avatars/custom/:id': ({ w }) => ({ path: `/api/avatars/custom/${w.avatarId}`, status: 200 }),
  'DELETE /api/avatars/:id': ({ w }) => ({ path: `/api/avatars/${w.avatarId}`, status: 200 }),
  'POST /api/avatars/talk': () => ({ path: '/api/avatars/talk', body: { avatarId: 'stock-8', script: 'Hi there.', captions: 'none' }, status: 201 }),
  'GET /api/avatars/talk/:taskId': ({ w }) => ({ path: `/api/avatars/talk/${w.talk.taskId}`, status: 200 }),
  'GET /api/videos/:id/status': ({ w }) => ({ path: `/api/videos/${w.talk.videoId}/status`, status: 200 }),
  'GET /api/heygen/videos/:id/status': ({ w }) => ({ path: `/api/heygen/videos/${w.talk.videoId}/status`, status: 200 }),
  'GET /api/voices': () => ({ path: '/api/voices?language=en', status: 200 }),
  'GET /api/voices/:id/preview.m4a': ({ w }) => ({ path: `/api/voices/${w.voiceId}/preview.m4a`, as: 'anon', status: 200 }),
  'POST /api/voices/:id/hear': ({ w }) => ({ path: `/api/voices/${w.voiceId}/hear`, body: { text: 'Hello there. Not this one.' }, status: 200 }),
  // Cloning needs the workspace's own ElevenLabs account: the fake of its API, where the operator's ELEVENLABS_BASE_URL points.
  'POST /api/integrations/elevenlabs/voices': async ({ w, deps }) => {
    const fake = startElevenLabsFake({ apiKey: 'el-world-key' });
    deps.env.ELEVENLABS_BASE_URL = fake.url;
    await w.client.trpc('mutation', 'integrations.save', { provider: 'elevenlabs', apiKey: 'el-world-key' });
    const rate = 16_000;
    const samples = Int16Array.from({ length: rate * 21 }, (_, i) => Math.round(Math.sin((2 * Math.PI * 180 * i) / rate) * 6000));
    const body = formWith('sample', encodeWav({ samples, sampleRate: rate }), 'me.wav', 'audio/wav');
    body.set('name', 'World voice');
    return { path: '/api/integrations/elevenlabs/voices', body, status: 201 };
  },
  'GET /api/templates': () => ({ path: '/api/templates', status: 200 }),
  'GET /api/templates/:id': ({ w }) => ({ path: `/api/templates/${w.templateId}`, status: 200 }),
  'GET /api/templates/:id/thumbnail.png': ({ w }) => ({ path: `/api/templates/${w.templateId}/thumbnail.png`, as: 'anon', status: 200 }),
  'GET /api/templates/:id/background.png': () => ({ path: '/api/templates/sales-intro/background.png', as: 'anon', status: 200 }),
  'POST /api/templates/:id/generate': ({ w }) => ({
    path: `/api/templates/${w.templateId}/generate`,
    body: { avatarId: 'stock-9', variables: { first_name: 'Sam' }, captions: 'none' },
    status: 201,
  }),
  'POST /api/backgrounds/upload': () => ({ path: '/api/backgrounds/upload', body: formWith('file', portraitPng(64, 36), 'b.png', 'image/png'), status: 201 }),
  'POST /api/voice-recordings': () => ({ path: '/api/voice-recordings', body: recordingForm(), status: 201 }),
  'GET /api/background-videos': () => ({ path: '/api/background-videos', status: 200 }),
  'GET /api/processed-videos': () => ({ path: '/api/processed-videos', status: 200 }),
  'GET /api/clips': () => ({ path: '/api/clips', status: 200 }),
  'POST /api/generate-script': () => ({
    path: '/api/generate-script',
    body: { campaignDetails: { name: 'Spring', product: 'Solar panels' }, recipient: 'Marie Curie, CTO at Acme' },
    status: 200,
  }),
  'POST /api/improve-script': () => ({ path: '/api/improve-script', body: { originalScript: 'Hello. We sell panels.', instructions: 'shorter' }, status: 200 }),
  'POST /api/inspire-me': () => ({ path: '/api/inspire-me', body: { inputText: 'solar panels', tone: 'friendly' }, status: 200 }),
  'GET /api/contact-lists': () => ({ path: '/api/contact-lists', status: 200 }),
  'POST /api/contact-lists': () => ({ path: '/api/contact-lists', body: { name: 'Prospects', description: 'From the fair' }, status: 201 }),
  'GET /api/contact-lists/:id': ({ w }) => ({ path: `/api/contact-lists/${w.listId}`, status: 200 }),
  'PATCH /api/contact-lists/:id': ({ w }) => ({ path: `/api/contact-lists/${w.listId}`, body: { description: 'Our best' }, status: 200 }),
  'DELETE /api/contact-lists/:id': async ({ w }) => {
    const made = await w.client.post('/api/contact-lists', { name: 'To delete' });
    return { path: `/api/contact-lists/${made.data.id}`, status: 200 };
  },
  'GET /api/contact-lists/:id/contacts': ({ w }) => ({ path: `/api/contact-lists/${w.listId}/contacts?limit=10`, status: 200 }),
  'POST /api/contact-lists/:id/contacts': ({ w }) => ({
    path: `/api/contact-lists/${w.listId}/contacts`,
    body: { name: 'Carol Jones', email: 'carol@example.com' },
    status: 201,
  }),
  'POST /api/contact-lists/:id/import': ({ w }) => ({ path: `/api/contact-lists/${w.listId}/import`, body: csv(), status: 200 }),
  'DELETE /api/contacts/:id': ({ w }) => ({ path: `/api/contacts/${w.contactId}`, status: 200 }),
  'GET /api/social-profiles': () => ({ path: '/api/social-profiles', status: 200 }),
  'DELETE /api/social-profiles/:id': ({ w }) => ({ path: `/api/social-profiles/${w.profileId}`, status: 200 }),
  'GET /api/social-connections': () => ({ path: '/api/social-connections', status: 200 }),
  'GET /api/social-contacts': () => ({ path: '/api/social-contacts?platforms=linkedin', status: 200 }),
  'POST /api/social-connections/auth-url': () => ({
    path: '/api/social-connections/auth-url',
    body: { platformId: 'twitter', redirectUri: '/create-video' },
    status: 200,
  }),
  'POST /api/social-connections/hosted-auth': () => ({ path: '/api/social-connections/hosted-auth', body: {}, status: 200 }),
  'POST /api/social-connections/linkedin/direct': () => ({
    path: '/api/social-connections/linkedin/direct',
    body: { username: 'me@example.com', password: 'secret' },
    status: 200,
  }),
  'POST /api/social-connections/whatsapp/direct': () => ({
    path: '/api/social-connections/whatsapp/direct',
    body: { phoneNumber: '+33612345678' },
    status: 200,
  }),
  'POST /api/social-connections/checkpoint': async ({ w }) => {
    const pending = await w.client.post('/api/social-connections/linkedin/direct', { username: 'me-2fa@example.com', password: 'secret' });
    return { path: '/api/social-connections/checkpoint', body: { profileId: pending.data.profileId, code: '123456' }, status: 200 };
  },
  'GET /api/unipile/accounts': () => ({ path: '/api/unipile/accounts', status: 200 }),
  'POST /api/unipile/send-whatsapp': () => ({ path: '/api/unipile/send-whatsapp', body: { phoneNumber: '+33699999999', message: 'Hello' }, status: 200 }),
  'POST /api/unipile/send-linkedin': ({ w }) => ({
    path: '/api/unipile/send-linkedin',
    body: { linkedinId: w.socialContactId, message: 'Hello' },
    status: 200,
  }),
  'GET /api/unipile/whatsapp-test': () => ({ path: '/api/unipile/whatsapp-test', status: 200 }),
  'POST /api/webhooks/unipile': async ({ deps }) => ({
    path: `/api/webhooks/unipile?secret=${await webhookSecret(socialDepsOf(deps).box)}`,
    as: 'anon',
    body: { AccountStatus: { account_id: 'nobody', account_type: 'LINKEDIN', message: 'OK' } },
    status: 200,
  }),
  'GET /api/sandbox/inbox': () => ({ path: '/api/sandbox/inbox?channel=email&limit=5', status: 200 }),
  'GET /api/sandbox/inbox/:id': ({ w }) => ({ path: `/api/sandbox/inbox/${w.inboxMessageId}`, status: 200 }),
  'POST /api/videos/:id/share': ({ w }) => ({ path: `/api/videos/${w.savedVideoId}/share`, body: { regenerate: true }, status: 201 }),
  'GET /api/videos/:id/share': ({ w }) => ({ path: `/api/videos/${w.savedVideoId}/share`, status: 200 }),
  'DELETE /api/videos/:id/share': ({ w }) => ({ path: `/api/videos/${w.talk.videoId}/share`, status: 200 }),
  'POST /api/videos/:id/distribute': ({ w }) => ({
    path: `/api/videos/${w.talk.videoId}/distribute`,
    body: { contactIds: [w.contactId], platforms: ['email'], message: 'Hi' },
    status: 201,
  }),
  'GET /api/videos/:id/deliveries': ({ w }) => ({ path: `/api/videos/${w.talk.videoId}/deliveries?limit=10`, status: 200 }),
  'GET /api/distributions/:id': ({ w }) => ({ path: `/api/distributions/${w.distributionId}`, status: 200 }),
  'GET /api/distributions/:id/progress': ({ w }) => ({ path: `/api/distributions/${w.distributionId}/progress`, status: 200 }),
};

/** Destructive calls run after the others (they remove what the others read). */
export const LAST = new Set(['DELETE /api/contacts/:id', 'DELETE /api/avatars/:id', 'DELETE /api/social-profiles/:id']);
