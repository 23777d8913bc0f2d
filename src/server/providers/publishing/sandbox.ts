import { createHash } from 'node:crypto';
import { PublishError, type PublishingProvider, type PublishPlatform, type UploadSession, type Visibility } from './types';

/** What the sandbox "published": one row per publication (its reference), for the sandbox posts page. */
export type SandboxPostInput = {
  platform: PublishPlatform;
  targetId: string;
  targetName: string;
  /** The caller's publication id: one post per reference, whatever the number of attempts. */
  reference: string;
  title: string;
  description: string;
  visibility: Visibility;
  publishAt: string | null;
  sessionId: string;
};

/**
 * Where the sandbox files its posts and reads their plays. The table belongs to the publishing domain
 * (the caller passes it in, like the sandbox inbox): providers import no domain.
 */
export interface SandboxPublishingStore {
  /** Files the post once: a second call with the same reference returns the first post's id. */
  record(post: SandboxPostInput): Promise<{ id: string }>;
  /** Plays of the post's player on the sandbox posts page: the sandbox's only insight, never invented. */
  plays(postId: string): Promise<number>;
}

export const SANDBOX_TARGET_SUFFIX: Record<PublishPlatform, string> = { facebook: 'Sandbox Page', instagram: '@sandbox', youtube: 'Sandbox channel' };
/** The label of the sandbox's view counts (the UI says where figures come from). */
export const SANDBOX_VIEWS_SOURCE = 'sandbox player plays';

const TOKEN_PREFIX = 'sbx-';

/** The code the sandbox consent page's Allow sends back: it carries the name the user granted as. */
export const sandboxCode = (name: string) => `sbx.${Buffer.from(name.trim().slice(0, 120) || 'Sandbox', 'utf8').toString('base64url')}`;

function nameOfCode(code: string): string | null {
  const [prefix, encoded, extra] = code.split('.');
  if (prefix !== 'sbx' || !encoded || extra !== undefined) return null;
  const name = Buffer.from(encoded, 'base64url').toString('utf8').trim();
  return name || null;
}

const short = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);

/** One target per connection, named after who granted it: "Ada · Sandbox Page", "@ada", "Ada · Sandbox channel". */
export function sandboxTarget(platform: PublishPlatform, name: string) {
  const handle = name.toLowerCase().replace(/[^a-z0-9_.]+/g, '') || 'sandbox';
  const label = platform === 'instagram' ? `@${handle} (sandbox)` : `${name} · ${SANDBOX_TARGET_SUFFIX[platform]}`;
  return { id: `sbx-${platform}-${short(name)}`, name: label };
}

/**
 * The offline publishing provider (docs/decisions/229). Nothing leaves the machine:
 * - authorizeUrl opens the app's own consent page (/sandbox/publishing/authorize), whose Allow
 *   redirects back with a code naming the user;
 * - publish opens a session (handed to onSession before anything is filed), then files the post in
 *   the store, once per reference: a repeated attempt gets the same post;
 * - insights are the plays of the post's player on the sandbox posts page.
 */
export function createSandboxPublishing(opts: { store: SandboxPublishingStore }): PublishingProvider {
  const { store } = opts;
  return {
    name: 'sandbox',
    sandbox: true,

    authorizeUrl({ platform, state, redirectUri }) {
      const q = new URLSearchParams({ platform, state, redirect_uri: redirectUri });
      return `/sandbox/publishing/authorize?${q}`;
    },

    async exchangeCode({ platform, code }) {
      const name = nameOfCode(code);
      if (!name) throw new PublishError('Invalid authorization code', 'rejected', 400);
      const random = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64url');
      return { token: { accessToken: `${TOKEN_PREFIX}${platform}-${random}`, refreshToken: null, expiresAt: null }, targets: [sandboxTarget(platform, name)] };
    },

    async refresh({ token }) {
      if (!token.accessToken.startsWith(TOKEN_PREFIX)) throw new PublishError('The sandbox does not know this token', 'reauth', 401);
      return token;
    },

    async publish(req) {
      if (!req.token.accessToken.startsWith(TOKEN_PREFIX)) throw new PublishError('The sandbox does not know this token', 'reauth', 401);
      let session: UploadSession | null | undefined = req.resume;
      if (!session?.sessionId) {
        session = { sessionId: `sbx-session-${req.reference}` };
        await req.onSession?.(session);
      }
      const post = await store.record({
        platform: req.platform,
        targetId: req.target.id,
        targetName: req.target.name,
        reference: req.reference,
        title: req.title,
        description: req.description,
        visibility: req.platform === 'youtube' ? req.visibility : 'public',
        publishAt: req.publishAt ?? null,
        sessionId: String(session.sessionId),
      });
      return { postId: post.id, url: `/sandbox/publishing/posts#post-${post.id}` };
    },

    async insights({ postId }) {
      return { views: await store.plays(postId), source: SANDBOX_VIEWS_SOURCE };
    },
  };
}
