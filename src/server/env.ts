import { z } from 'zod';
import { defaultRenderConcurrency } from '../media/tools';

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
  // How many reverse proxies stand in front of the app: `true` = 1, `false` = 0, or a number.
  // The client address is the Nth X-Forwarded-For entry from the right (the one the outermost
  // trusted proxy appended); entries further left are written by the client and never read.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const s = v.trim().toLowerCase();
      if (s === 'true') return 1;
      if (s === 'false') return 0;
      if (/^\d{1,2}$/.test(s)) return Number(s);
      ctx.addIssue({ code: 'custom', message: 'expected true, false or a number of proxy hops (0–99)' });
      return z.NEVER;
    }),
  // Accounts created per client address and hour (429 with Retry-After beyond).
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  WORKER: z.enum(['on', 'off']).default('on'),
  // Renders (video and personalised batches) one worker process runs at once; default: cores − 1, at least 1.
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(defaultRenderConcurrency()),
  // Niceness of ffmpeg and the eSpeak/face helpers (0 = same priority as the web), and ffmpeg threads
  // per process (default: the cores shared by RENDER_CONCURRENCY). src/media/tools.ts reads them at each spawn.
  RENDER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  // The highest resolution this deployment renders, whatever the plan (a machine too small for 1080p or 4K
  // renders; the test journeys). Unset: each plan's own.
  RENDER_MAX_RESOLUTION: z.enum(['720p', '1080p', '2160p']).optional(),
  // SIGTERM: seconds a running job may take to finish before it is handed back to the queue.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  // Server-side fetches of user-given URLs (per-recipient backgrounds) may reach private,
  // loopback and link-local addresses only when this is true (tests, a trusted intranet).
  FETCH_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  // Storage: local disk under DATA_DIR unless S3_BUCKET is set.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // E-mail: SMTP when set, otherwise the sandbox inbox.
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Avatar Studio <no-reply@localhost>'),
  // Where the Help page's contact form is e-mailed (`Name <address>` or an address); unset: MAIL_FROM's
  // address, so that without SMTP the requests land in the sandbox inbox.
  SUPPORT_EMAIL: z.string().optional(),
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
  // Publishing finished videos (docs/decisions/230-publishing-adapters.md): the sandbox per platform unless
  // its app is configured. One Meta app serves Facebook Pages and Instagram; a Google OAuth client serves YouTube.
  // The *_URL variables point the adapters elsewhere (a local fake, a proxy).
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.string().url().optional(),
  FACEBOOK_DIALOG_URL: z.string().url().optional(),
  FACEBOOK_RUPLOAD_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_URL: z.string().url().optional(),
  GOOGLE_TOKEN_URL: z.string().url().optional(),
  YOUTUBE_API_URL: z.string().url().optional(),
  // The first retry of a failed upload (network, 5xx), then doubling up to 5 minutes (decision 229).
  PUBLISH_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
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
