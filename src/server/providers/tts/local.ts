import { localSpeech, renderVoicePreview, VOICES } from '../../../media/tts';
import type { TtsProvider } from './types';

/** eSpeak NG voices (en, fr, es, de, it, pt; male and female), synthesised out of process by src/media. */
export function createLocalTts(): TtsProvider {
  return { name: 'local', ...localSpeech, voices: async () => VOICES, preview: (voiceId) => renderVoicePreview(voiceId) };
}
