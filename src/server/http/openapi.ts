import { z, type ZodType } from 'zod';
import { ZForgotPassword, ZLogin, ZRegister, ZResetPassword } from '../../domains/auth/schemas';
import { ZCreateCustomAvatar, ZListAvatars } from '../../domains/avatars/schemas';
import { ZChangePlan } from '../../domains/billing/schemas';
import { ZCreateCampaign, ZUpdateCampaign } from '../../domains/campaigns/schemas';
import { ZContactInput, ZCreateList, ZListContactsQuery, ZUpdateList } from '../../domains/contacts/schemas';
import { ZDeliveriesQuery, ZDistribute, ZShareVideo } from '../../domains/distribution/schemas';
import { ZTalk, ZTemplateGenerate } from '../../domains/generation/schemas';
import { ZGenerateScript, ZImproveScript, ZInspireMessage, ZInspireScript } from '../../domains/scripts/schemas';
import { ZSettingsPatch } from '../../domains/settings/schemas';
import {
  ZAuthUrl,
  ZCheckpoint,
  ZHostedAuth,
  ZInboxQuery,
  ZLinkedInDirect,
  ZSendLinkedIn,
  ZSendWhatsApp,
  ZSocialContactsQuery,
  ZWhatsAppDirect,
} from '../../domains/social/schemas';
import { ZTrackBeacon } from '../../domains/tracking/schemas';
import { ZUpdateProfile } from '../../domains/users/schemas';
import { ZCreateVideo, ZListVideos, ZUpdateVideo } from '../../domains/videos/schemas';
import { ZListVoices } from '../../domains/voices/schemas';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Access = 'user' | 'public';
type Op = {
  method: Method;
  /** Elysia's path syntax (`:id`); written as `{id}` in the document. */
  path: string;
  tag: string;
  summary: string;
  access?: Access;
  body?: ZodType;
  query?: ZodType;
  /** Multipart upload: the file field's name. */
  file?: string;
  /** Non-JSON answer (images, audio). */
  produces?: string;
  /** Starts work a plan limits: 402 when the plan's videos, length, storage or trial stop it. */
  limited?: boolean;
};

const op = (method: Method, path: string, tag: string, summary: string, extra: Partial<Op> = {}): Op => ({ method, path, tag, summary, ...extra });
const pub = { access: 'public' as const };
const limited = { limited: true };

// The documented /api/* surface. A test checks that it lists every mounted route and nothing else.
export const OPERATIONS: Op[] = [
  op('GET', '/api/health', 'system', 'Liveness probe', pub),
  op('GET', '/api/openapi.json', 'system', 'This document', pub),
  // auth and account
  op('POST', '/api/register', 'auth', 'Create an account and sign in (starts a 15-day Pro trial)', { ...pub, body: ZRegister }),
  op('POST', '/api/login', 'auth', 'Sign in with username or e-mail', { ...pub, body: ZLogin }),
  op('POST', '/api/logout', 'auth', 'End the current session', pub),
  op('POST', '/api/password/forgot', 'auth', 'E-mail a one-hour password reset link', { ...pub, body: ZForgotPassword }),
  op('POST', '/api/password/reset', 'auth', 'Set a new password with a reset link token', { ...pub, body: ZResetPassword }),
  op('GET', '/api/user', 'users', 'The signed-in user (401 when anonymous)'),
  op('GET', '/api/users/:id', 'users', 'A user (only yourself)'),
  op('PATCH', '/api/users/:id', 'users', 'Update the profile', { body: ZUpdateProfile }),
  op('POST', '/api/users/:id/avatar', 'users', 'Upload the profile picture (image, ≤ 5 MB)', { file: 'avatar' }),
  op('POST', '/api/users/:id/logo', 'users', 'Upload the landing pages\' logo (PNG, JPEG or WebP, ≤ 2 MB)', { file: 'logo' }),
  op('DELETE', '/api/users/:id/logo', 'users', 'Remove the landing pages\' logo'),
  op('PATCH', '/api/users/:id/settings', 'users', 'Partial update of the settings', { body: ZSettingsPatch }),
  op('PATCH', '/api/settings', 'users', 'Partial update of the settings', { body: ZSettingsPatch }),
  op('GET', '/api/subscription', 'billing', 'Plan, status, trial and renewal dates, usage and invoices'),
  op('POST', '/api/subscription', 'billing', 'Change the plan (records an invoice)', { body: ZChangePlan }),
  // campaigns, videos, tracking
  op('GET', '/api/dashboard', 'dashboard', 'Video count, views, engagement, credits, top 5 campaigns, popular templates'),
  op('GET', '/api/campaigns', 'campaigns', 'Campaigns with their real aggregates'),
  op('POST', '/api/campaigns', 'campaigns', 'Create a draft campaign', { body: ZCreateCampaign }),
  op('GET', '/api/campaigns/:id', 'campaigns', 'A campaign with counts, budget percent, duration and metrics'),
  op('PATCH', '/api/campaigns/:id', 'campaigns', 'Edit fields or change status (launch, pause, resume, complete)', { body: ZUpdateCampaign }),
  op('DELETE', '/api/campaigns/:id', 'campaigns', 'Delete a campaign (its videos are kept and unlinked)'),
  op('GET', '/api/campaigns/:id/analytics', 'campaigns', 'Views per day and per platform'),
  op('GET', '/api/videos', 'videos', 'Your videos (optional campaignId)', { query: ZListVideos }),
  op('POST', '/api/videos', 'videos', 'Save a finished video', { body: ZCreateVideo }),
  op('GET', '/api/videos/:id', 'videos', 'A video'),
  op('PATCH', '/api/videos/:id', 'videos', 'Rename, move to a campaign, publish', { body: ZUpdateVideo }),
  op('DELETE', '/api/videos/:id', 'videos', 'Delete a video and its files'),
  op('POST', '/api/track', 'tracking', 'Beacon: view, progress or call-to-action click (idempotent per viewId)', { ...pub, body: ZTrackBeacon }),
  // generation
  op('GET', '/api/avatars', 'avatars', 'Your custom avatars, then the stock presenters', { query: ZListAvatars }),
  op('GET', '/api/avatars/:id/thumbnail.png', 'avatars', 'A stock avatar thumbnail', { produces: 'image/png' }),
  op('POST', '/api/avatars/upload', 'avatars', 'Upload a photo or video for a custom avatar (≤ 10 MB)', { file: 'image', ...limited }),
  op('POST', '/api/avatars/create-custom', 'avatars', 'Create a custom avatar from an upload', { body: ZCreateCustomAvatar }),
  op('GET', '/api/avatars/custom/:id', 'avatars', 'Custom avatar status (processing, created, validating, done)'),
  op('DELETE', '/api/avatars/:id', 'avatars', 'Delete a custom avatar and its files'),
  op('POST', '/api/avatars/talk', 'generation', 'Render a talking-avatar video (counts as one of the month\'s videos)', { body: ZTalk, ...limited }),
  op('GET', '/api/avatars/talk/:taskId', 'generation', 'Talk render status'),
  op('GET', '/api/videos/:id/status', 'generation', 'Render status, url and progress'),
  op('GET', '/api/heygen/videos/:id/status', 'generation', 'Render status by a provider job id'),
  op('GET', '/api/voices', 'voices', 'Voices with audio previews and the default voice', { query: ZListVoices }),
  op('GET', '/api/voices/:id/preview.m4a', 'voices', 'A voice sample', { produces: 'audio/mp4' }),
  op('GET', '/api/templates', 'templates', 'Templates'),
  op('GET', '/api/templates/:id', 'templates', 'A template with its variables'),
  op('GET', '/api/templates/:id/thumbnail.png', 'templates', 'A template thumbnail', { produces: 'image/png' }),
  op('GET', '/api/templates/:id/background.png', 'templates', 'A template background', { produces: 'image/png' }),
  op('POST', '/api/templates/:id/generate', 'templates', 'Fill the variables and render (counts as one of the month\'s videos)', { body: ZTemplateGenerate, ...limited }),
  op('POST', '/api/backgrounds/upload', 'generation', 'Upload a background image', { file: 'file', ...limited }),
  op('GET', '/api/background-videos', 'generation', 'Your backgrounds and the templates’'),
  op('GET', '/api/processed-videos', 'generation', 'Your completed renders'),
  op('GET', '/api/clips', 'generation', 'One clip per talk render'),
  // script assistant
  op('POST', '/api/generate-script', 'scripts', 'Write a script from campaign details and a recipient', { body: ZGenerateScript }),
  op('POST', '/api/improve-script', 'scripts', 'Improve a script with instructions', { body: ZImproveScript }),
  op('POST', '/api/inspire-me', 'scripts', 'A script from an idea and a tone, or a message for a video and platform', {
    body: z.union([ZInspireScript, ZInspireMessage]),
  }),
  // contacts, social, distribution
  op('GET', '/api/contact-lists', 'contacts', 'Contact lists with their counts'),
  op('POST', '/api/contact-lists', 'contacts', 'Create a list', { body: ZCreateList }),
  op('GET', '/api/contact-lists/:id', 'contacts', 'A list'),
  op('PATCH', '/api/contact-lists/:id', 'contacts', 'Rename a list', { body: ZUpdateList }),
  op('DELETE', '/api/contact-lists/:id', 'contacts', 'Delete a list and its contacts'),
  op('GET', '/api/contact-lists/:id/contacts', 'contacts', 'Contacts of a list (search, paging; total in X-Total-Count)', { query: ZListContactsQuery }),
  op('POST', '/api/contact-lists/:id/contacts', 'contacts', 'Add a contact', { body: ZContactInput }),
  op('POST', '/api/contact-lists/:id/import', 'contacts', 'Import a CSV (≤ 50,000 rows): imported, skipped, errors', { file: 'file' }),
  op('DELETE', '/api/contacts/:id', 'contacts', 'Delete a contact'),
  op('GET', '/api/social-profiles', 'social', 'Connected social profiles'),
  op('DELETE', '/api/social-profiles/:id', 'social', 'Disconnect a profile'),
  op('GET', '/api/social-connections', 'social', 'Connected social profiles'),
  op('GET', '/api/social-contacts', 'social', 'Contacts of the connected accounts', { query: ZSocialContactsQuery }),
  op('POST', '/api/social-connections/auth-url', 'social', 'Authorization link for a platform', { body: ZAuthUrl, ...limited }),
  op('POST', '/api/social-connections/hosted-auth', 'social', 'Hosted authentication page', { body: ZHostedAuth }),
  op('POST', '/api/social-connections/linkedin/direct', 'social', 'Connect LinkedIn with credentials (never stored)', { body: ZLinkedInDirect, ...limited }),
  op('POST', '/api/social-connections/whatsapp/direct', 'social', 'Connect WhatsApp by phone number', { body: ZWhatsAppDirect, ...limited }),
  op('POST', '/api/social-connections/checkpoint', 'social', 'Answer a connection checkpoint (2FA code)', { body: ZCheckpoint }),
  op('GET', '/api/unipile/accounts', 'social', 'Messaging accounts with their status'),
  op('POST', '/api/unipile/send-whatsapp', 'social', 'Send a WhatsApp message', { body: ZSendWhatsApp }),
  op('POST', '/api/unipile/send-linkedin', 'social', 'Send a LinkedIn message', { body: ZSendLinkedIn }),
  op('GET', '/api/unipile/whatsapp-test', 'social', 'WhatsApp contacts of the connected account'),
  op('POST', '/api/webhooks/unipile', 'social', 'Account status webhook (secret in the query)', pub),
  op('GET', '/api/sandbox/inbox', 'social', 'Messages kept by the sandbox providers', { query: ZInboxQuery }),
  op('GET', '/api/sandbox/inbox/:id', 'social', 'One sandbox message'),
  op('POST', '/api/videos/:id/distribute', 'distribution', 'Send a video to contacts over channels (personal renders need storage)', { body: ZDistribute, ...limited }),
  op('GET', '/api/videos/:id/deliveries', 'distribution', 'Deliveries of a video, per contact', { query: ZDeliveriesQuery }),
  op('POST', '/api/videos/:id/share', 'distribution', 'The video\'s tracked share link /v/<token> (201 when made; regenerate replaces it)', { body: ZShareVideo }),
  op('GET', '/api/videos/:id/share', 'distribution', 'The video\'s share link, or null'),
  op('DELETE', '/api/videos/:id/share', 'distribution', 'Turn the share link off'),
  op('GET', '/api/distributions/:id', 'distribution', 'A distribution with its deliveries'),
  op('GET', '/api/distributions/:id/progress', 'distribution', 'Render and delivery progress'),
];

function jsonSchema(schema: ZodType) {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const ERROR = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

function operationObject(o: Op) {
  const params = [...o.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (o.query) {
    const q = jsonSchema(o.query) as { properties?: Record<string, object>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) params.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema } as never);
  }
  const requestBody = o.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(o.body) } } }
    : o.file
      ? {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', required: [o.file], properties: { [o.file]: { type: 'string', format: 'binary' } } } } },
        }
      : undefined;
  return {
    tags: [o.tag],
    summary: o.summary,
    operationId: `${o.method.toLowerCase()}${o.path.replace(/^\/api/, '').replace(/[/:.-]+([a-z0-9])?/gi, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(params.length ? { parameters: params } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(o.access === 'public' ? { security: [] } : {}),
    responses: {
      '200': { description: 'OK', content: { [o.produces ?? 'application/json']: {} } },
      '400': ERROR,
      ...(o.access === 'public' ? {} : { '401': ERROR, '404': ERROR }),
      ...(o.limited ? { '402': { ...ERROR, description: 'A plan limit: the message names it and the plan that lifts it' } } : {}),
    },
  };
}

let cached: object | undefined;

/** OpenAPI 3.1 (JSON Schema 2020-12 from the same zod schemas the handlers use). */
export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const o of OPERATIONS) {
    const p = o.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[p] ??= {};
    paths[p][o.method.toLowerCase()] = operationObject(o);
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Avatar Video Studio API',
      version: '1.0.0',
      description: 'Errors answer `{ "message": "…" }`. Authenticate with the session cookie or an API key (Settings → Advanced) as `Authorization: Bearer avs_…`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from Settings → Advanced' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      },
      schemas: { Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } },
    },
    paths,
  };
  return cached;
}
