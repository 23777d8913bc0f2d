import { join } from 'node:path';
import type { Env } from '../env';
import { createLocalBilling } from './billing/local';
import { createEmail } from './email';
import type { EmailProvider } from './email/types';
import type { BillingProvider } from './billing/types';
import { createMessaging } from './messaging';
import { createPublishing, type PublishingProviders } from './publishing';
import type { SandboxPublishingStore } from './publishing/sandbox';
import type { MessagingProvider, SandboxInbox } from './messaging/types';
import { createLocalComposer } from './llm/local';
import { createOpenAiLlm, DEFAULT_OPENAI_BASE_URL } from './llm/openai';
import type { LlmProvider } from './llm/types';
import { createLocalStorage } from './storage/local';
import { createS3Storage } from './storage/s3';
import type { StorageProvider } from './storage/types';
import { createTts } from './tts';
import type { TtsProvider } from './tts/types';
import { createVideoProvider, type VideoProvider } from './video';

export type Providers = {
  storage: StorageProvider;
  billing: BillingProvider;
  /** Social / messaging accounts: the sandbox unless Unipile is configured. */
  messaging: MessagingProvider;
  llm: LlmProvider;
  /** Talking-avatar renders: the local engine unless VIDEO_PROVIDER names a cloud service. */
  video: VideoProvider;
  tts: TtsProvider;
  /** E-mail: SMTP when SMTP_URL is set, otherwise the sandbox inbox. */
  email: EmailProvider;
  /** Publishing to Facebook, Instagram and YouTube: one provider per platform, the sandbox unless configured (docs/decisions/229). */
  publishing: PublishingProviders;
};

// Chosen once, at start-up, from env. Code asks providers.x, never process.env.
// The sandbox inbox (where offline e-mails and messages land) is a table of the social domain: the caller passes it in,
// providers import no domain. So is the publishing sandbox's store of posts (publishing domain).
export function createProviders(env: Env, opts: { inbox?: SandboxInbox; publishingStore?: SandboxPublishingStore } = {}): Providers {
  const storage = env.S3_BUCKET
    ? createS3Storage({
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      })
    : createLocalStorage(join(env.DATA_DIR, 'files'));
  // Script assistant: the local composer unless an OpenAI-compatible API (or an OpenAI key) is configured.
  const llm =
    env.OPENAI_BASE_URL || env.OPENAI_API_KEY
      ? createOpenAiLlm({ baseUrl: env.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL })
      : createLocalComposer();
  const { inbox } = opts;
  return {
    storage,
    billing: createLocalBilling(),
    messaging: createMessaging(env, inbox),
    email: createEmail(env, inbox),
    video: createVideoProvider(env),
    tts: createTts(env),
    llm,
    publishing: createPublishing(env, opts.publishingStore),
  };
}
