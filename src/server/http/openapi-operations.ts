import { z, type ZodType } from 'zod';
import { ZForgotPassword, ZForgotReply, ZLogin, ZLogoutReply, ZRegister, ZResetPassword, ZResetReply } from '../../domains/auth/schemas';
import { ZLoginRefused, ZLoginTwoFactor } from '../../domains/auth/two-factor-schemas';
import { ZAvatarList, ZAvatarUpload, ZCreateCustomAvatar, ZCustomAvatar, ZCustomAvatarCreated, ZListAvatars } from '../../domains/avatars/schemas';
import { ZChangePlan, ZSubscription } from '../../domains/billing/schemas';
import { ZCampaignDetail, ZCampaignListItem, ZCreateCampaign, ZUpdateCampaign } from '../../domains/campaigns/schemas';
import { ZContact, ZContactInput, ZContactList, ZCreateList, ZImportResult, ZListContactsQuery, ZUpdateList } from '../../domains/contacts/schemas';
import { ZDashboard } from '../../domains/dashboard/schemas';
import {
  ZDeliveriesQuery,
  ZDeliveryList,
  ZDistribute,
  ZDistributeReply,
  ZDistributionDetail,
  ZDistributionProgress,
  ZShareReply,
  ZShareVideo,
  ZUnshareReply,
  ZVideoShare,
} from '../../domains/distribution/schemas';
import {
  ZBackgroundList,
  ZBackgroundUploaded,
  ZClipList,
  ZProcessedVideos,
  ZTalk,
  ZTalkStarted,
  ZTalkStatus,
  ZTemplateGenerate,
  ZTemplateGenerated,
  ZVideoStatus,
} from '../../domains/generation/schemas';
import { ZGenerateScript, ZImproveScript, ZInspireMessage, ZInspireScript, ZMessageResult, ZScriptResult } from '../../domains/scripts/schemas';
import { ZSettingsPatch } from '../../domains/settings/schemas';
import {
  ZAuthUrl,
  ZAuthUrlReply,
  ZCheckpoint,
  ZDirectReply,
  ZHostedAuth,
  ZHostedAuthReply,
  ZInbox,
  ZInboxMessage,
  ZInboxQuery,
  ZLinkedInDirect,
  ZSendLinkedIn,
  ZSendReply,
  ZSendWhatsApp,
  ZSocialContact,
  ZSocialContactsQuery,
  ZSocialProfile,
  ZUnipileAccount,
  ZWebhookReply,
  ZWhatsAppDirect,
  ZWhatsAppTestReply,
} from '../../domains/social/schemas';
import { ZTemplate, ZTemplateList } from '../../domains/templates/schemas';
import { ZCampaignAnalyticsReply, ZTrackBeacon } from '../../domains/tracking/schemas';
import { ZPublicUser, ZUpdateProfile } from '../../domains/users/schemas';
import { ZCreateVideo, ZListVideos, ZUpdateVideo, ZVideo } from '../../domains/videos/schemas';
import { ZListVoices, ZVoiceList } from '../../domains/voices/schemas';
import { ZDeletedOk, ZDeletedSuccess } from '../../shared/reply-schemas';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Access = 'user' | 'public';

/** One documented answer: a JSON body (schema), a binary one (media), or none (204). */
export type Reply = { status: number; description: string; schema?: ZodType; media?: string; headers?: Record<string, string> };

export type Op = {
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
  /** The success answer first, then the errors that are particular to this operation. */
  replies: Reply[];
};

const op = (method: Method, path: string, tag: string, summary: string, extra: Partial<Op> & { replies: Reply[] }): Op => ({
  method,
  path,
  tag,
  summary,
  ...extra,
});
const pub = { access: 'public' as const };
const ok = (schema: ZodType, description = 'OK', headers?: Record<string, string>): Reply => ({
  status: 200,
  description,
  schema,
  ...(headers ? { headers } : {}),
});
const created = (schema: ZodType, description = 'Created'): Reply => ({ status: 201, description, schema });
const noContent = (description: string): Reply => ({ status: 204, description });
const binary = (media: string): Reply => ({ status: 200, description: 'The file', media });
const error = (status: number, description: string): Reply => ({ status, description });
/** Work a plan limits (videos this month, length, storage, social profiles, trial). */
const planLimit: Reply = { status: 402, description: 'A plan limit: the message names it and the plan that lifts it' };
const tooMany: Reply = { status: 429, description: 'Too many attempts: wait for Retry-After seconds', headers: { 'Retry-After': 'Seconds to wait' } };

const ZHealth = z.object({ ok: z.literal(true) });
const ZDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

// The documented /api/* surface. A test checks that it lists every mounted route and nothing else.
export const OPERATIONS: Op[] = [
  op('GET', '/api/health', 'system', 'Liveness probe', { ...pub, replies: [ok(ZHealth)] }),
  op('GET', '/api/openapi.json', 'system', 'This document', { ...pub, replies: [ok(ZDocument)] }),
  // auth and account
  op('POST', '/api/register', 'auth', 'Create an account and sign in (starts a 15-day Pro trial)', {
    ...pub,
    body: ZRegister,
    replies: [created(ZPublicUser, 'Signed in: the session cookie is set')],
  }),
  op('POST', '/api/login', 'auth', 'Sign in with username or e-mail', {
    ...pub,
    body: ZLogin,
    replies: [
      ok(ZPublicUser, 'Signed in: the session cookie is set'),
      {
        status: 401,
        description:
          'Wrong username or password; or, for an account with two-factor sign-in, a right password: `twoFactorRequired` and a 5-minute `pendingToken`, no session (POST /api/login/two-factor next)',
        schema: ZLoginRefused,
      },
      tooMany,
    ],
  }),
  op('POST', '/api/login/two-factor', 'auth', 'Second step of a two-factor login: the pending token and a 6-digit code or a recovery code', {
    ...pub,
    body: ZLoginTwoFactor,
    replies: [ok(ZPublicUser, 'Signed in: the session cookie is set'), error(401, 'Invalid code, or the pending token has expired'), tooMany],
  }),
  op('POST', '/api/logout', 'auth', 'End the current session', { ...pub, replies: [ok(ZLogoutReply)] }),
  op('POST', '/api/password/forgot', 'auth', 'E-mail a one-hour password reset link', {
    ...pub,
    body: ZForgotPassword,
    replies: [ok(ZForgotReply, 'Sent when the address has an account; the same answer either way'), tooMany],
  }),
  op('POST', '/api/password/reset', 'auth', 'Set a new password with a reset link token', { ...pub, body: ZResetPassword, replies: [ok(ZResetReply)] }),
  op('GET', '/api/user', 'users', 'The signed-in user (401 when anonymous)', { replies: [ok(ZPublicUser)] }),
  op('GET', '/api/users/:id', 'users', 'A user (only yourself)', { replies: [ok(ZPublicUser)] }),
  op('PATCH', '/api/users/:id', 'users', 'Update the profile', { body: ZUpdateProfile, replies: [ok(ZPublicUser)] }),
  op('POST', '/api/users/:id/avatar', 'users', 'Upload the profile picture (image, ≤ 5 MB)', { file: 'avatar', replies: [ok(ZPublicUser)] }),
  op('POST', '/api/users/:id/logo', 'users', "Upload the landing pages' logo (PNG, JPEG or WebP, ≤ 2 MB)", { file: 'logo', replies: [ok(ZPublicUser)] }),
  op('DELETE', '/api/users/:id/logo', 'users', "Remove the landing pages' logo", { replies: [ok(ZPublicUser)] }),
  op('PATCH', '/api/users/:id/settings', 'users', 'Partial update of the settings', { body: ZSettingsPatch, replies: [ok(ZPublicUser)] }),
  op('PATCH', '/api/settings', 'users', 'Partial update of the settings', { body: ZSettingsPatch, replies: [ok(ZPublicUser)] }),
  op('GET', '/api/subscription', 'billing', 'Plan, status, trial and renewal dates, usage and invoices', { replies: [ok(ZSubscription)] }),
  op('POST', '/api/subscription', 'billing', 'Change the plan (records an invoice)', { body: ZChangePlan, replies: [ok(ZSubscription)] }),
  // campaigns, videos, tracking
  op('GET', '/api/dashboard', 'dashboard', 'Video count, views, engagement, credits, top 5 campaigns, popular templates', { replies: [ok(ZDashboard)] }),
  op('GET', '/api/campaigns', 'campaigns', 'Campaigns with their real aggregates', { replies: [ok(z.array(ZCampaignListItem))] }),
  op('POST', '/api/campaigns', 'campaigns', 'Create a draft campaign', { body: ZCreateCampaign, replies: [created(ZCampaignDetail)] }),
  op('GET', '/api/campaigns/:id', 'campaigns', 'A campaign with counts, budget percent, duration and metrics', { replies: [ok(ZCampaignDetail)] }),
  op('PATCH', '/api/campaigns/:id', 'campaigns', 'Edit fields or change status (launch, pause, resume, complete)', {
    body: ZUpdateCampaign,
    replies: [ok(ZCampaignDetail)],
  }),
  op('DELETE', '/api/campaigns/:id', 'campaigns', 'Delete a campaign (its videos are kept and unlinked)', { replies: [ok(ZDeletedOk)] }),
  op('GET', '/api/campaigns/:id/analytics', 'campaigns', 'Views per day and per platform', { replies: [ok(ZCampaignAnalyticsReply)] }),
  op('GET', '/api/videos', 'videos', 'Your videos (optional campaignId)', { query: ZListVideos, replies: [ok(z.array(ZVideo))] }),
  op('POST', '/api/videos', 'videos', 'Save a finished video', { body: ZCreateVideo, replies: [created(ZVideo)] }),
  op('GET', '/api/videos/:id', 'videos', 'A video', { replies: [ok(ZVideo)] }),
  op('PATCH', '/api/videos/:id', 'videos', 'Rename, move to a campaign, publish', { body: ZUpdateVideo, replies: [ok(ZVideo)] }),
  op('DELETE', '/api/videos/:id', 'videos', "Delete a video, its files and its recipients' personal videos (its links then answer 410)", {
    replies: [ok(ZDeletedOk)],
  }),
  op('GET', '/api/videos/:id/download', 'videos', 'The rendered MP4 as an attachment (byte ranges)', {
    replies: [binary('video/mp4'), error(400, 'The video is stored elsewhere (an http link)')],
  }),
  op('POST', '/api/track', 'tracking', 'Beacon: view, progress or call-to-action click (idempotent per viewId)', {
    ...pub,
    body: ZTrackBeacon,
    replies: [noContent('Recorded (a repeated beacon is recorded once)'), error(404, 'No such video or landing page'), tooMany],
  }),
  // generation
  op('GET', '/api/avatars', 'avatars', 'Your custom avatars, then the stock presenters', { query: ZListAvatars, replies: [ok(ZAvatarList)] }),
  op('GET', '/api/avatars/:id/thumbnail.png', 'avatars', 'A stock avatar thumbnail (public, cached)', { ...pub, replies: [binary('image/png')] }),
  op('POST', '/api/avatars/upload', 'avatars', 'Upload a photo or video for a custom avatar (≤ 10 MB)', {
    file: 'image',
    replies: [ok(ZAvatarUpload), planLimit],
  }),
  op('POST', '/api/avatars/create-custom', 'avatars', 'Create a custom avatar from an upload', {
    body: ZCreateCustomAvatar,
    replies: [ok(ZCustomAvatarCreated, 'Created; it is prepared in the background')],
  }),
  op('GET', '/api/avatars/custom/:id', 'avatars', 'Custom avatar status (processing, created, validating, done, failed)', { replies: [ok(ZCustomAvatar)] }),
  op('DELETE', '/api/avatars/:id', 'avatars', 'Delete a custom avatar and its files', { replies: [ok(ZDeletedOk)] }),
  op('POST', '/api/avatars/talk', 'generation', 'Render a talking-avatar video', {
    body: ZTalk,
    replies: [created(ZTalkStarted, 'Queued: poll the status'), planLimit],
  }),
  op('GET', '/api/avatars/talk/:taskId', 'generation', 'Talk render status', { replies: [ok(ZTalkStatus)] }),
  op('GET', '/api/videos/:id/status', 'generation', 'Render status, url and progress', { replies: [ok(ZVideoStatus)] }),
  op('GET', '/api/heygen/videos/:id/status', 'generation', 'Render status by a provider job id', { replies: [ok(ZVideoStatus)] }),
  op('GET', '/api/voices', 'voices', 'Voices with audio previews and the default voice', { query: ZListVoices, replies: [ok(ZVoiceList)] }),
  op('GET', '/api/voices/:id/preview.m4a', 'voices', 'A voice sample (public, cached)', { ...pub, replies: [binary('audio/mp4')] }),
  op('GET', '/api/templates', 'templates', 'Templates', { replies: [ok(ZTemplateList)] }),
  op('GET', '/api/templates/:id', 'templates', 'A template with its variables', { replies: [ok(ZTemplate)] }),
  op('GET', '/api/templates/:id/thumbnail.png', 'templates', 'A template thumbnail (public, cached)', { ...pub, replies: [binary('image/png')] }),
  op('GET', '/api/templates/:id/background.png', 'templates', 'A template background image (public, cached; 404 for colour backgrounds)', {
    ...pub,
    replies: [binary('image/png')],
  }),
  op('POST', '/api/templates/:id/generate', 'templates', 'Fill the variables and render', {
    body: ZTemplateGenerate,
    replies: [created(ZTemplateGenerated, 'Queued: poll the status'), planLimit],
  }),
  op('POST', '/api/backgrounds/upload', 'generation', 'Upload a background image', { file: 'file', replies: [created(ZBackgroundUploaded), planLimit] }),
  op('GET', '/api/background-videos', 'generation', 'Your backgrounds and the templates’', { replies: [ok(ZBackgroundList)] }),
  op('GET', '/api/processed-videos', 'generation', 'Your completed renders', { replies: [ok(ZProcessedVideos)] }),
  op('GET', '/api/clips', 'generation', 'One clip per talk render', { replies: [ok(ZClipList)] }),
  // script assistant
  op('POST', '/api/generate-script', 'scripts', 'Write a script from campaign details and a recipient', {
    body: ZGenerateScript,
    replies: [ok(ZScriptResult)],
  }),
  op('POST', '/api/improve-script', 'scripts', 'Improve a script with instructions', { body: ZImproveScript, replies: [ok(ZScriptResult)] }),
  op('POST', '/api/inspire-me', 'scripts', 'A script from an idea and a tone, or a message for a video and platform', {
    body: z.union([ZInspireScript, ZInspireMessage]),
    replies: [ok(z.union([ZScriptResult, ZMessageResult]), 'A script for the script form, a message for the message form')],
  }),
  // contacts, social, distribution
  op('GET', '/api/contact-lists', 'contacts', 'Contact lists with their counts', { replies: [ok(z.array(ZContactList))] }),
  op('POST', '/api/contact-lists', 'contacts', 'Create a list', { body: ZCreateList, replies: [created(ZContactList)] }),
  op('GET', '/api/contact-lists/:id', 'contacts', 'A list', { replies: [ok(ZContactList)] }),
  op('PATCH', '/api/contact-lists/:id', 'contacts', 'Rename a list', { body: ZUpdateList, replies: [ok(ZContactList)] }),
  op('DELETE', '/api/contact-lists/:id', 'contacts', 'Delete a list and its contacts', { replies: [ok(ZDeletedSuccess)] }),
  op('GET', '/api/contact-lists/:id/contacts', 'contacts', 'Contacts of a list (search, paging; total in X-Total-Count)', {
    query: ZListContactsQuery,
    replies: [ok(z.array(ZContact), 'One page of contacts', { 'X-Total-Count': 'All the contacts matching the search' })],
  }),
  op('POST', '/api/contact-lists/:id/contacts', 'contacts', 'Add a contact', { body: ZContactInput, replies: [created(ZContact)] }),
  op('POST', '/api/contact-lists/:id/import', 'contacts', 'Import a CSV (≤ 50,000 rows): imported, skipped, errors', {
    file: 'file',
    replies: [ok(ZImportResult)],
  }),
  op('DELETE', '/api/contacts/:id', 'contacts', 'Delete a contact', { replies: [ok(ZDeletedSuccess)] }),
  op('GET', '/api/social-profiles', 'social', 'Connected social profiles', { replies: [ok(z.array(ZSocialProfile))] }),
  op('DELETE', '/api/social-profiles/:id', 'social', 'Disconnect a profile', { replies: [ok(ZDeletedSuccess)] }),
  op('GET', '/api/social-connections', 'social', 'Connected social profiles', { replies: [ok(z.array(ZSocialProfile))] }),
  op('GET', '/api/social-contacts', 'social', 'Contacts of the connected accounts', { query: ZSocialContactsQuery, replies: [ok(z.array(ZSocialContact))] }),
  op('POST', '/api/social-connections/auth-url', 'social', 'Authorization link for a platform', { body: ZAuthUrl, replies: [ok(ZAuthUrlReply), planLimit] }),
  op('POST', '/api/social-connections/hosted-auth', 'social', 'Hosted authentication page', { body: ZHostedAuth, replies: [ok(ZHostedAuthReply)] }),
  op('POST', '/api/social-connections/linkedin/direct', 'social', 'Connect LinkedIn with credentials (never stored)', {
    body: ZLinkedInDirect,
    replies: [ok(ZDirectReply, 'Connected, or pending with a checkpoint to answer'), planLimit],
  }),
  op('POST', '/api/social-connections/whatsapp/direct', 'social', 'Connect WhatsApp by phone number', {
    body: ZWhatsAppDirect,
    replies: [ok(ZDirectReply, 'Connected, or pending with a checkpoint (QR code) to answer'), planLimit],
  }),
  op('POST', '/api/social-connections/checkpoint', 'social', 'Answer a connection checkpoint (2FA code)', { body: ZCheckpoint, replies: [ok(ZDirectReply)] }),
  op('GET', '/api/unipile/accounts', 'social', 'Messaging accounts with the status their provider gives them now (read only)', {
    replies: [ok(z.array(ZUnipileAccount))],
  }),
  op('POST', '/api/unipile/send-whatsapp', 'social', 'Send a WhatsApp message', { body: ZSendWhatsApp, replies: [ok(ZSendReply)] }),
  op('POST', '/api/unipile/send-linkedin', 'social', 'Send a LinkedIn message', { body: ZSendLinkedIn, replies: [ok(ZSendReply)] }),
  op('GET', '/api/unipile/whatsapp-test', 'social', 'WhatsApp contacts of the connected account', { replies: [ok(ZWhatsAppTestReply)] }),
  op('POST', '/api/webhooks/unipile', 'social', 'Account status webhook (secret in the query)', {
    ...pub,
    replies: [ok(ZWebhookReply), error(401, 'Invalid webhook secret')],
  }),
  op('GET', '/api/sandbox/inbox', 'social', 'Messages kept by the sandbox providers', { query: ZInboxQuery, replies: [ok(ZInbox)] }),
  op('GET', '/api/sandbox/inbox/:id', 'social', 'One sandbox message', { replies: [ok(ZInboxMessage)] }),
  op('POST', '/api/videos/:id/distribute', 'distribution', 'Send a video to contacts over channels', {
    body: ZDistribute,
    replies: [created(ZDistributeReply, 'Deliveries queued (and personal renders, when asked)'), planLimit],
  }),
  op('POST', '/api/videos/:id/share', 'distribution', "The video's tracked share link /v/<token> (201 when made; regenerate replaces it)", {
    body: ZShareVideo,
    replies: [created(ZVideoShare, 'A new link'), ok(ZVideoShare, 'The existing link')],
  }),
  op('GET', '/api/videos/:id/share', 'distribution', "The video's share link, or null", { replies: [ok(ZShareReply)] }),
  op('DELETE', '/api/videos/:id/share', 'distribution', 'Turn the share link off', { replies: [ok(ZUnshareReply)] }),
  op('GET', '/api/videos/:id/deliveries', 'distribution', 'Deliveries of a video, per contact', { query: ZDeliveriesQuery, replies: [ok(ZDeliveryList)] }),
  op('GET', '/api/distributions/:id', 'distribution', 'A distribution with its deliveries', { replies: [ok(ZDistributionDetail)] }),
  op('GET', '/api/distributions/:id/progress', 'distribution', 'Render and delivery progress', { replies: [ok(ZDistributionProgress)] }),
];
