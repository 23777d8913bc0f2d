import type { Voice, VoicePreview } from '../../../media/tts';

export type { Voice, VoicePreview } from '../../../media/tts';

/** Voices the renderer can speak with, and a short real sample of each. */
export interface TtsProvider {
  readonly name: 'local';
  voices(): readonly Voice[];
  preview(voiceId: string): Promise<VoicePreview>;
}
