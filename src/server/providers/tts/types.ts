import type { SpeechEngine, Voice, VoicePreview } from '../../../media/tts';

export type { Voice, VoicePreview } from '../../../media/tts';

/**
 * Voices the renderer can speak with, a short real sample of each, and the speech itself (the render
 * engine takes this provider as its `SpeechEngine`). eSpeak by default; an OpenAI-compatible speech
 * server or ElevenLabs by configuration (TTS_PROVIDER).
 */
export interface TtsProvider extends SpeechEngine {
  readonly name: 'local' | 'openai' | 'elevenlabs';
  voices(): Promise<readonly Voice[]>;
  preview(voiceId: string): Promise<VoicePreview>;
}
