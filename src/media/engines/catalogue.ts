import type { VoiceLanguage } from '../voice-catalogue.ts';

/** A voice as an engine file declares it; voice-catalogue.ts turns it into the app's Voice with a stable id. */
export interface EngineVoice {
  /** The engine's own name for the voice (Flite's `slt`, Pico's `en-US`). */
  key: string;
  /** The name shown in the picker. */
  name: string;
  gender: 'male' | 'female';
  language: VoiceLanguage;
}
