import { z } from 'zod';

// Every environment variable the app reads, in one place. Anything else in
// process.env is ignored. Parsing fails fast with a readable list.
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z.string().min(32).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WORKER: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  // Storage: local disk under DATA_DIR unless S3_BUCKET is set.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // E-mail: SMTP when set, otherwise the sandbox inbox.
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Avatar Studio <no-reply@localhost>'),
  // Video providers (local render engine unless one is configured).
  VIDEO_PROVIDER: z.enum(['local', 'heygen', 'creatify', 'did']).default('local'),
  HEYGEN_API_KEY: z.string().optional(),
  HEYGEN_BASE_URL: z.string().url().optional(),
  CREATIFY_API_ID: z.string().optional(),
  CREATIFY_API_KEY: z.string().optional(),
  CREATIFY_BASE_URL: z.string().url().optional(),
  DID_API_KEY: z.string().optional(),
  DID_BASE_URL: z.string().url().optional(),
  // Script assistant: local composer unless an OpenAI-compatible API is set.
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  // Voices: eSpeak unless a speech service is configured.
  TTS_PROVIDER: z.enum(['local', 'openai', 'elevenlabs']).optional(),
  TTS_BASE_URL: z.string().url().optional(),
  TTS_API_KEY: z.string().optional(),
  TTS_MODEL: z.string().optional(),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: z.string().url().optional(),
  ELEVENLABS_MODEL: z.string().optional(),
  TTS_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  // Messaging: sandbox unless Unipile is configured.
  UNIPILE_DSN: z.string().url().optional(),
  UNIPILE_API_KEY: z.string().optional(),
});

export type Env = z.infer<typeof ZEnv>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
