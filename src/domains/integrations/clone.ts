import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError } from '../../media/errors';
import { runFfmpeg } from '../../media/ffmpeg';
import { AppError, invalidInput } from '../../server/http/app-error';
import { cloneVoice } from '../../server/providers/connections';
import type { WorkspaceProviderSource } from '../../server/providers/workspace';
import { requireRole } from '../../server/scope';
import { sniffType } from '../files/service';
import { INTEGRATION_MESSAGES } from './schemas';
import { type IntegrationDeps, touchIntegration } from './service';

export const SAMPLE_MAX_BYTES = 20 * 1024 * 1024;
const MIN_SEC = 20;
const MAX_SEC = 180;
/** What browsers record (WebM/Opus, Ogg, MP4/AAC) and what people upload (WAV, MP3, M4A); file-type names WebM `video/webm`. */
const SAMPLE_TYPES = ['audio/wav', 'audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'video/mp4', 'audio/webm', 'video/webm', 'audio/ogg', 'audio/opus', 'audio/aac'];

/**
 * The sample as ElevenLabs gets it: its sound alone as mono 44.1 kHz WAV (whatever the browser
 * recorded), between 20 seconds and 3 minutes. The length comes from the decoded sound: a browser's
 * WebM recording does not state its duration.
 */
async function prepareSample(file: Blob): Promise<Uint8Array> {
  if (file.size === 0) throw invalidInput(INTEGRATION_MESSAGES.sampleType);
  if (file.size > SAMPLE_MAX_BYTES) throw new AppError('TOO_LARGE', INTEGRATION_MESSAGES.sampleSize);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = await sniffType(bytes);
  if (!type || !SAMPLE_TYPES.includes(type)) throw invalidInput(INTEGRATION_MESSAGES.sampleType);
  const dir = await mkdtemp(join(tmpdir(), 'voice-sample-'));
  try {
    const input = join(dir, 'sample-in');
    const out = join(dir, 'sample.wav');
    await Bun.write(input, bytes);
    try {
      await runFfmpeg(['-i', input, '-vn', '-ac', '1', '-ar', '44100', '-c:a', 'pcm_s16le', '-t', String(MAX_SEC + 1), out], {
        timeoutMs: 60_000,
        label: 'voice sample',
      });
    } catch (e) {
      if (e instanceof MediaError) throw invalidInput(INTEGRATION_MESSAGES.sampleType);
      throw e;
    }
    const wav = new Uint8Array(await Bun.file(out).arrayBuffer());
    const seconds = (wav.byteLength - 44) / (44_100 * 2);
    if (seconds < MIN_SEC) throw invalidInput(INTEGRATION_MESSAGES.sampleShort);
    if (seconds > MAX_SEC) throw invalidInput(INTEGRATION_MESSAGES.sampleLong);
    return wav;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * "Clone my voice": the recorded or uploaded sample to ElevenLabs' instant voice cloning, into the
 * workspace's own ElevenLabs account (never the server's shared default, where every workspace would
 * see it). The voice is in the workspace's list at once (the connection is marked changed).
 */
export async function cloneWorkspaceVoice(deps: IntegrationDeps & { workspaceProviders: WorkspaceProviderSource; name: string; file: unknown }) {
  requireRole(deps.scope, 'admin');
  const own = (await deps.workspaceProviders(deps.scope.workspaceId)).ownElevenLabs;
  if (!own) throw invalidInput(INTEGRATION_MESSAGES.cloneNeedsElevenLabs);
  if (!(deps.file instanceof Blob)) throw invalidInput(INTEGRATION_MESSAGES.sampleType);
  const wav = await prepareSample(deps.file);
  let voiceId: string;
  try {
    voiceId = await cloneVoice(deps.env, own, { name: deps.name, sample: { bytes: wav, type: 'audio/wav', fileName: 'sample.wav' } });
  } catch (e) {
    if (e instanceof MediaError) throw new AppError(e.code === 'INVALID_INPUT' ? 'INVALID_INPUT' : 'UNAVAILABLE', e.message);
    throw e;
  }
  await touchIntegration(deps.db, deps.scope.workspaceId, 'elevenlabs');
  return { voiceId, name: deps.name };
}
