import { MediaError } from '../../../media/errors';
import type { SynthesizeInput } from '../../../media/tts';
import type { Voice } from '../../../media/voice-catalogue';
import type { TtsProvider } from './types';

/** A provider that cannot list its voices is asked again after this long (the picker does not wait on it each time). */
const RETRY_LISTING_MS = 60_000;
/** The longest the voice list waits for one provider; the offline voices are listed whatever happens. */
const LIST_DEADLINE_MS = 15_000;

/** A connected provider with its last listing failure (kept with the adapter, so it is remembered across requests). */
export type Remote = { tts: TtsProvider; failed?: { at: number; message: string } };

/** What a combined provider is made of: a workspace's combination starts from the default's parts. */
export type CombinedTts = TtsProvider & { readonly parts: { local: TtsProvider; remotes: readonly Remote[] } };

/** Remembers a provider's listing failure for a minute, and gives up waiting on its list after LIST_DEADLINE_MS. */
export function watchedRemote(tts: TtsProvider): Remote {
  return { tts };
}

async function listOf(remote: Remote): Promise<readonly Voice[]> {
  if (remote.failed && Date.now() - remote.failed.at < RETRY_LISTING_MS) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new MediaError('TTS_FAILED', `The voice provider ${remote.tts.label} did not list its voices within ${LIST_DEADLINE_MS / 1000} s`)),
        LIST_DEADLINE_MS,
      );
    });
    const voices = await Promise.race([remote.tts.voices(), deadline]);
    remote.failed = undefined;
    return voices;
  } catch (e) {
    remote.failed = { at: Date.now(), message: e instanceof Error ? e.message : `The voice provider ${remote.tts.label} could not list its voices` };
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The voices a workspace has (docs/decisions/220): the offline ones always, and each connected
 * provider's beside them. A voice speaks through the provider its id names (`elevenlabs-…`,
 * `openai-…`), any other id offline; a provider that cannot list its voices leaves the others listed.
 */
export function combineTts(local: TtsProvider, remotes: readonly Remote[]): CombinedTts {
  const ownerOf = (voiceId: string): TtsProvider => remotes.find((r) => voiceId.startsWith(`${r.tts.name}-`))?.tts ?? local;
  return {
    parts: { local, remotes },
    name: remotes.length ? 'combined' : local.name,
    label: remotes.length ? [...remotes.map((r) => r.tts.label), local.label].join(', ') : local.label,
    languageOf: (voiceId) => ownerOf(voiceId).languageOf(voiceId),
    async synthesizeMany(inputs: SynthesizeInput[]) {
      // One voice per call in practice: the whole batch goes to its provider (eSpeak batches heads in one process).
      const owners = new Set(inputs.map((i) => ownerOf(i.voiceId)));
      if (owners.size <= 1) return (owners.values().next().value ?? local).synthesizeMany(inputs);
      const out = [];
      for (const input of inputs) out.push(...(await ownerOf(input.voiceId).synthesizeMany([input])));
      return out;
    },
    async voices() {
      const lists = await Promise.all(remotes.map(listOf));
      return [...(await local.voices()), ...lists.flat()];
    },
    preview: (voiceId) => ownerOf(voiceId).preview(voiceId),
    cacheTag: (voiceId) => ownerOf(voiceId).cacheTag(voiceId),
    unavailable: (voiceId) => remotes.find((r) => r.tts === ownerOf(voiceId))?.failed?.message,
  };
}

/** The parts of any provider: a combined one's own, a single provider's as the only one. */
export function partsOf(tts: TtsProvider, fallbackLocal: () => TtsProvider): CombinedTts['parts'] {
  if ('parts' in tts) return (tts as CombinedTts).parts;
  return tts.name === 'local' ? { local: tts, remotes: [] } : { local: fallbackLocal(), remotes: [watchedRemote(tts)] };
}
