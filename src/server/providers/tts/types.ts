import type { SpeechEngine, VoicePreview } from '../../../media/tts';
import type { Voice } from '../../../media/voice-catalogue';

export type { VoicePreview } from '../../../media/tts';
export type { Voice } from '../../../media/voice-catalogue';

/**
 * Voices the renderer can speak with, a short real sample of each, and the speech itself (the render
 * engine takes this provider as its `SpeechEngine`). eSpeak by default; an OpenAI-compatible speech
 * server or ElevenLabs by configuration (TTS_PROVIDER).
 */
export interface TtsProvider extends SpeechEngine {
  /** `combined`: the offline voices with the connected providers' beside them (combined.ts). */
  readonly name: 'local' | 'openai' | 'elevenlabs' | 'combined';
  voices(): Promise<readonly Voice[]>;
  preview(voiceId: string): Promise<VoicePreview>;
  /**
   * Where a voice's sound comes from, for cache keys: `local` for the offline voices, the provider
   * (and which server, for an OpenAI-compatible one) otherwise. Never holds a key.
   */
  cacheTag(voiceId: string): string;
  /** Why the provider of this voice could not list its voices just now, when it could not. */
  unavailable?(voiceId: string): string | undefined;
}
