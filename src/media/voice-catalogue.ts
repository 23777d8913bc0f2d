import { MediaError } from './errors.ts';
import type { EngineVoice } from './engines/catalogue.ts';
import { FLITE_VOICES } from './engines/flite.ts';
import { PICO_VOICES, picoFiles } from './engines/pico.ts';

// The voice catalogue: every offline voice, its language and engine, and which one a language
// speaks by default (decision 215). What speaks them is tts.ts.

export type VoiceLanguage = 'en' | 'fr' | 'es' | 'de' | 'it' | 'pt';

export interface Voice {
  id: string;
  name: string;
  gender: 'male' | 'female';
  /** ISO 639-1 code. */
  language: VoiceLanguage;
  languageName: string;
  /** `local` (an offline engine) or the voice provider that speaks it (`openai`, `elevenlabs`). */
  provider: string;
  premium: boolean;
  /** The offline engine that speaks a `local` voice (src/media/engines); absent for a provider's voices. */
  engine?: OfflineEngine;
  /** The engine's name as the picker shows it: eSpeak NG, Flite, SVOX Pico. */
  engineName?: string;
  /** The engine's own name for the voice (Flite's `slt`, Pico's `en-US`); eSpeak's is espeakVoice. */
  engineVoice?: string;
  /**
   * eSpeak voice + variant. `fr`, not `fr-fr`: the latter ignores the `+f3` variant. For the other
   * offline engines, the eSpeak voice that speaks instead when the engine is not installed.
   */
  espeakVoice: string;
  /** Sentence spoken by `renderVoicePreview`. */
  previewText: string;
}

export const VOICE_LANGUAGES: Record<VoiceLanguage, string> = { en: 'English', fr: 'Français', es: 'Español', de: 'Deutsch', it: 'Italiano', pt: 'Português' };

const PREVIEW: Record<VoiceLanguage, (name: string, gender?: Voice['gender']) => string> = {
  en: (n) => `Hello, I am ${n}. I will read your script in English.`,
  fr: (n) => `Bonjour, je suis ${n}. Je vais lire votre texte en français.`,
  es: (n) => `Hola, soy ${n}. Voy a leer tu guion en español.`,
  de: (n) => `Hallo, ich bin ${n}. Ich lese Ihren Text auf Deutsch vor.`,
  it: (n) => `Ciao, sono ${n}. Leggerò il tuo testo in italiano.`,
  // Portuguese puts the article before a first name ("eu sou a Beatriz") when the gender is known.
  pt: (n, g) => `Olá, eu sou ${g === 'female' ? 'a ' : g === 'male' ? 'o ' : ''}${n}. Vou ler o seu texto em português.`,
};

/** The sentence a voice says in its preview. */
export function previewTextFor(language: VoiceLanguage, name: string, gender?: Voice['gender']): string {
  return PREVIEW[language](name, gender);
}

export type OfflineEngine = 'espeak' | 'flite' | 'pico';

export const ENGINE_NAMES: Record<OfflineEngine, string> = { espeak: 'eSpeak NG', flite: 'Flite', pico: 'SVOX Pico' };

/** The local (eSpeak) voices: a woman and a man per language, and the eSpeak voice they speak with. */
const LOCAL_VOICES: Record<VoiceLanguage, { espeak: string; female: string; male: string }> = {
  en: { espeak: 'en-us', female: 'Emma', male: 'James' },
  fr: { espeak: 'fr', female: 'Claire', male: 'Louis' },
  es: { espeak: 'es', female: 'Lucía', male: 'Javier' },
  de: { espeak: 'de', female: 'Anna', male: 'Lukas' },
  it: { espeak: 'it', female: 'Giulia', male: 'Marco' },
  pt: { espeak: 'pt', female: 'Beatriz', male: 'Tiago' },
};

const espeakName = (language: VoiceLanguage, gender: Voice['gender']) => `${LOCAL_VOICES[language].espeak}+${gender === 'female' ? 'f3' : 'm3'}`;

function engineVoice(engine: Exclude<OfflineEngine, 'espeak'>, v: EngineVoice): Voice {
  return {
    // Stable: the engine and its own voice name, never a position in a list.
    id: `local-${v.language}-${engine}-${v.key.toLowerCase()}`,
    name: v.name,
    gender: v.gender,
    language: v.language,
    languageName: VOICE_LANGUAGES[v.language],
    provider: 'local',
    premium: false,
    engine,
    engineName: ENGINE_NAMES[engine],
    engineVoice: v.key,
    espeakVoice: espeakName(v.language, v.gender),
    previewText: previewTextFor(v.language, v.name, v.gender),
  };
}

/**
 * Each language's offline voices, most intelligible first, as bench/voices.ts measured them (word
 * error rate of an offline recogniser; figures in docs/decisions/215). A language's default voice is
 * the first one installed; eSpeak closes every list, so every language always has one.
 */
export const MEASURED_RANKING: Record<VoiceLanguage, readonly string[]> = {
  // Word error rates by bench/voices.ts (pocketsphinx en-us, 94 words): rms 17.0 %, kal16 17.0 %, awb 18.1 %,
  // slt 23.4 %, Pico en-US 30.9 %, Pico en-GB 45.7 %, eSpeak 71.3 % (both).
  en: [
    'local-en-flite-rms',
    'local-en-flite-kal16',
    'local-en-flite-awb',
    'local-en-flite-slt',
    'local-en-pico-en-us',
    'local-en-pico-en-gb',
    'local-en-female',
    'local-en-male',
  ],
  // No offline recogniser model for these languages here: Pico's English (30.9 %) against eSpeak's
  // (71.3 %) on the same script is the measure, so Pico leads where it speaks the language.
  fr: ['local-fr-pico-fr-fr', 'local-fr-female', 'local-fr-male'],
  es: ['local-es-pico-es-es', 'local-es-female', 'local-es-male'],
  de: ['local-de-pico-de-de', 'local-de-female', 'local-de-male'],
  it: ['local-it-pico-it-it', 'local-it-female', 'local-it-male'],
  pt: ['local-pt-female', 'local-pt-male'],
};

const rank = (v: Voice) => {
  const i = MEASURED_RANKING[v.language].indexOf(v.id);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
};

/**
 * Every offline voice, language by language, the most intelligible first: eSpeak's (ids unchanged
 * since the first release), Flite's and Pico's side by side.
 */
export const VOICES: readonly Voice[] = (Object.keys(LOCAL_VOICES) as VoiceLanguage[]).flatMap((language) =>
  [
    ...(['female', 'male'] as const).map(
      (gender): Voice => ({
        id: `local-${language}-${gender}`,
        name: LOCAL_VOICES[language][gender],
        gender,
        language,
        languageName: VOICE_LANGUAGES[language],
        provider: 'local',
        premium: false,
        engine: 'espeak',
        engineName: ENGINE_NAMES.espeak,
        espeakVoice: espeakName(language, gender),
        previewText: previewTextFor(language, LOCAL_VOICES[language][gender], gender),
      }),
    ),
    ...FLITE_VOICES.filter((v) => v.language === language).map((v) => engineVoice('flite', v)),
    ...PICO_VOICES.filter((v) => v.language === language).map((v) => engineVoice('pico', v)),
  ].sort((a, b) => rank(a) - rank(b)),
);

/** Whether the voice's engine is on this machine: eSpeak and Flite come with the app, Pico's files may not. */
export function isVoiceInstalled(voice: Voice): boolean {
  if (voice.engine !== 'pico') return true;
  return picoFiles(voice.engineVoice ?? '') !== null;
}

/** The offline voices this machine can speak with now (the picker's list). */
export function installedVoices(): Voice[] {
  return VOICES.filter(isVoiceInstalled);
}

/** The language's most intelligible installed voice (MEASURED_RANKING). */
export function languageDefault(language: VoiceLanguage, installed: readonly Voice[] = installedVoices()): Voice {
  const ids = new Set(installed.map((v) => v.id));
  const id = MEASURED_RANKING[language].find((i) => ids.has(i)) ?? `local-${language}-female`;
  return findVoice(id);
}

/** The most intelligible woman's voice of a language: the spec's default for stock avatars is an English woman's. */
export function femaleDefault(language: VoiceLanguage, installed: readonly Voice[] = installedVoices()): Voice {
  const byId = new Map(installed.map((v) => [v.id, v]));
  const id = MEASURED_RANKING[language].find((i) => byId.get(i)?.gender === 'female') ?? `local-${language}-female`;
  return findVoice(id);
}

/** The app's default voice (stock avatars): the most intelligible English woman's voice, Flite's slt (23.4 %). */
export const DEFAULT_VOICE_ID = 'local-en-flite-slt';

export function findVoice(voiceId: string): Voice {
  const found = VOICES.find((v) => v.id === voiceId);
  if (!found) throw new MediaError('INVALID_INPUT', `Unknown voice "${voiceId}"`);
  return found;
}
