import { localSpeech, renderVoicePreview } from '../../../media/tts';
import { installedVoices } from '../../../media/voice-catalogue';
import type { TtsProvider } from './types';

/**
 * The offline voices (eSpeak NG in en, fr, es, de, it, pt; Flite in English; SVOX Pico in en, fr,
 * es, de, it where its language files are installed), synthesised out of process by src/media.
 */
export function createLocalTts(): TtsProvider {
  return {
    name: 'local',
    ...localSpeech,
    voices: async () => installedVoices(),
    preview: (voiceId) => renderVoicePreview(voiceId),
    cacheTag: () => 'local',
  };
}
