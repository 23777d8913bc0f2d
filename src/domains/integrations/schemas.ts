import { z } from 'zod';
import { INTEGRATION_PROVIDERS, type IntegrationProvider } from '../../shared/integrations';
import { exactLine, secret, singleLine } from '../../shared/zod-text';

export const INTEGRATION_MESSAGES = {
  notFound: 'This provider is not connected in this workspace',
  keyRequired: 'Enter the API key',
  apiIdRequired: 'Enter the API ID',
  baseUrlRequired: 'Enter the server address',
  baseUrlInvalid: 'The server address must start with http:// or https://',
  keyTooLong: 'The API key is too long',
  cloneNeedsElevenLabs: "Connect this workspace's own ElevenLabs account to clone a voice",
  sampleType: 'The sample must be an audio recording (WAV, MP3, M4A, WebM or Ogg)',
  sampleSize: 'The sample must be at most 20 MB',
  sampleShort: 'The sample must last at least 20 seconds',
  sampleLong: 'The sample must last at most 3 minutes',
  voiceNameRequired: 'Give the voice a name',
} as const;

export const ZIntegrationProvider = z.enum(INTEGRATION_PROVIDERS, { error: 'Unknown provider' });

const key = secret({ error: INTEGRATION_MESSAGES.keyRequired })
  .trim()
  .max(500, INTEGRATION_MESSAGES.keyTooLong)
  .regex(/^[\u0021-\u007E]*$/, 'The API key must not contain spaces or control characters');

/**
 * Adding or replacing a connection (the key is replaced whole: it is never shown again). An
 * OpenAI-compatible server needs its address and may need no key (a self-hosted Kokoro or Piper);
 * Creatify needs its API id too.
 */
export const ZSaveIntegration = z
  .object({
    provider: ZIntegrationProvider,
    apiKey: key.optional(),
    apiId: key.optional(),
    baseUrl: exactLine('Server address').trim().max(500, INTEGRATION_MESSAGES.baseUrlInvalid).optional(),
    model: singleLine('Model').trim().max(100, 'The model name is too long').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const needsKey = v.provider !== 'openai-speech';
    if (needsKey && !v.apiKey) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: INTEGRATION_MESSAGES.keyRequired });
    if (v.provider === 'creatify' && !v.apiId) ctx.addIssue({ code: 'custom', path: ['apiId'], message: INTEGRATION_MESSAGES.apiIdRequired });
    if (v.provider === 'openai-speech') {
      if (!v.baseUrl) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: INTEGRATION_MESSAGES.baseUrlRequired });
      else if (!/^https?:\/\/[^\s/]+/i.test(v.baseUrl)) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: INTEGRATION_MESSAGES.baseUrlInvalid });
    }
  });
export type TSaveIntegration = z.infer<typeof ZSaveIntegration>;

export const ZIntegrationRef = z.object({ provider: ZIntegrationProvider }).strict();

/** "Clone my voice": the voice's name beside the multipart sample. */
export const ZCloneVoice = z
  .object({ name: singleLine('Voice name', { error: INTEGRATION_MESSAGES.voiceNameRequired }).trim().min(1, INTEGRATION_MESSAGES.voiceNameRequired).max(60) })
  .strip();

// Answers.
export const ZIntegrationConnection = z.object({
  /** "•••• " and the key's last four characters; null when the key no longer decrypts (ENCRYPTION_KEY changed). */
  keyHint: z.string().nullable(),
  apiIdHint: z.string().nullable(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  status: z.enum(['connected', 'failed', 'untested']),
  /** The vendor's reason when the last test failed. */
  message: z.string().nullable(),
  /** Voices or avatars found by the last successful test. */
  count: z.number().int().nullable(),
  testedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const ZIntegration = z.object({
  provider: ZIntegrationProvider,
  name: z.string(),
  kind: z.enum(['voice', 'video']),
  /** The server's own account for this provider (env), used when the workspace has none. */
  envDefault: z.boolean(),
  connection: ZIntegrationConnection.nullable(),
});
export const ZIntegrationList = z.object({ integrations: z.array(ZIntegration) });
export const ZClonedVoice = z.object({ voiceId: z.string(), name: z.string() });

export type IntegrationView = z.infer<typeof ZIntegration>;
export type { IntegrationProvider };
