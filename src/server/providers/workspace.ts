import { createHash } from 'node:crypto';
import type { Env } from '../env';
import { VIDEO_VENDOR, type VideoVendor } from '../../shared/integrations';
import { connectTts, connectVideo, isVoiceConnection, type Connection } from './connections';
import { combineTts, partsOf, watchedRemote, type Remote } from './tts/combined';
import { createLocalTts } from './tts/local';
import type { TtsProvider } from './tts/types';
import { isCloudProvider, type VideoProvider } from './video';
import { withCachedCatalogue } from './video/cached';
import { createLocalVideoProvider, type LocalVideoProvider } from './video/local';
import type { CloudVideoProvider } from './video/types';

/** A connection as stored, decrypted, with what changes when it is replaced or its account changes (its row's update time). */
export type StoredConnection = { connection: Connection; version: string };
/** The workspace's stored connections (the integrations domain reads and decrypts them; the platform imports no domain). */
export type ConnectionLoader = (workspaceId: string) => Promise<StoredConnection[]>;

/** The providers one workspace renders with (docs/decisions/220). */
export type WorkspaceProviders = {
  /** The offline voices, and each voice provider's beside them: the workspace's own connection, else env's. */
  tts: TtsProvider;
  /** What stock and custom avatars render with: the local engine, or env's VIDEO_PROVIDER. */
  video: VideoProvider;
  local: LocalVideoProvider;
  /** A cloud vendor as the workspace reaches it: its own key, else env's when VIDEO_PROVIDER is that vendor. */
  cloud(vendor: VideoVendor): CloudVideoProvider | undefined;
  /** Every cloud vendor reachable here: the avatar library lists their avatars. */
  clouds: readonly CloudVideoProvider[];
  /** The workspace's own ElevenLabs connection: voices are cloned only into the workspace's own account. */
  ownElevenLabs?: Extract<Connection, { provider: 'elevenlabs' }>;
};

export type WorkspaceProviderSource = (workspaceId: string) => Promise<WorkspaceProviders>;

/** Adapters not asked for this long are dropped (their voice lists with them). */
const IDLE_MS = 30 * 60_000;

/**
 * The workspace's providers, built at call time from its stored connections. The connections are
 * read on every call (one small query: a key replaced or removed in any process counts at once);
 * the adapters are kept per connection and version, so their voice and avatar lists are cached
 * across requests. Keys live only in these adapters' memory, never in a log or a cache key in clear.
 */
export function createWorkspaceProviders(opts: {
  env: Env;
  defaults: { tts: TtsProvider; video: VideoProvider };
  load: ConnectionLoader;
}): WorkspaceProviderSource {
  const { env, defaults } = opts;
  const base = partsOf(defaults.tts, createLocalTts);
  const local = isCloudProvider(defaults.video) ? createLocalVideoProvider() : defaults.video;
  const envCloud = isCloudProvider(defaults.video) ? withCachedCatalogue(defaults.video) : undefined;
  const kept = new Map<string, { value: Remote | CloudVideoProvider; usedAt: number }>();

  const adapter = (stored: StoredConnection): Remote | CloudVideoProvider => {
    const now = Date.now();
    for (const [k, v] of kept) if (now - v.usedAt > IDLE_MS) kept.delete(k);
    const key = createHash('sha256').update(JSON.stringify(stored)).digest('hex');
    let entry = kept.get(key);
    if (!entry) {
      const c = stored.connection;
      entry = { value: isVoiceConnection(c) ? watchedRemote(connectTts(env, c)) : withCachedCatalogue(connectVideo(env, c)), usedAt: now };
      kept.set(key, entry);
    }
    entry.usedAt = now;
    return entry.value;
  };

  return async (workspaceId) => {
    const stored = await opts.load(workspaceId);
    const own = new Map(stored.map((s) => [s.connection.provider, s]));
    // A workspace's own connection of a kind replaces env's of that kind; ElevenLabs first, as before.
    const remotes: Remote[] = [];
    for (const [provider, name] of [
      ['elevenlabs', 'elevenlabs'],
      ['openai-speech', 'openai'],
    ] as const) {
      const mine = own.get(provider);
      const fallback = base.remotes.find((r) => r.tts.name === name);
      if (mine) remotes.push(adapter(mine) as Remote);
      else if (fallback) remotes.push(fallback);
    }
    const clouds = new Map<VideoVendor, CloudVideoProvider>();
    if (envCloud) clouds.set(envCloud.name, envCloud);
    for (const [provider, vendor] of Object.entries(VIDEO_VENDOR) as [keyof typeof VIDEO_VENDOR, VideoVendor][]) {
      const mine = own.get(provider);
      if (mine) clouds.set(vendor, adapter(mine) as CloudVideoProvider);
    }
    const eleven = own.get('elevenlabs')?.connection;
    return {
      tts: combineTts(base.local, remotes),
      video: envCloud ? (clouds.get(envCloud.name) ?? envCloud) : local,
      local,
      cloud: (vendor) => clouds.get(vendor),
      clouds: [...clouds.values()],
      ownElevenLabs: eleven?.provider === 'elevenlabs' ? eleven : undefined,
    };
  };
}
