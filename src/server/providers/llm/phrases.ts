// The local composer's phrase book. en, fr and es are complete, with variants per
// tone; de, it and pt have one simple template per slot. French uses "vous",
// Spanish, Italian and Portuguese the informal "tú / tu / você" usual in marketing,
// German "Sie". Phrases avoid words that agree with the speaker's gender.
//
// Placeholders: {name} {company} {position} {sector} {sender} {senderCompany}
// {campaign} {product} {goal} {cta} {cta_lc} {video} {title}.
//
// The phrases themselves are data, one JSON file a language in ./phrases; this module gives them
// their type (a file that misses a slot or a tone fails the typecheck here).
import de from './phrases/de.json';
import en from './phrases/en.json';
import es from './phrases/es.json';
import fr from './phrases/fr.json';
import it from './phrases/it.json';
import pt from './phrases/pt.json';
import type { ScriptLanguage, ScriptTone } from './types';

export type ToneText = readonly string[] | Readonly<Record<ScriptTone, readonly string[]>>;

export type Phrases = {
  greeting: ToneText;
  intro: { full: readonly string[]; nameOnly: readonly string[]; companyOnly: readonly string[] };
  personal: ToneText;
  campaign: readonly string[];
  hookPosition: readonly string[];
  hookCompany: ToneText;
  hookSector: readonly string[];
  hookGeneric: ToneText;
  productAfter: readonly string[];
  productAlone: readonly string[];
  goal: readonly string[];
  fillers: ToneText;
  cta: ToneText;
  ctaDefault: ToneText;
  closing: ToneText;
  /** Campaign sectors (spec part 1 §3), keyed in lower-case English. */
  sectors?: Readonly<Record<string, string>>;
  lowerSector?: boolean;
  message: { video: string; videoTitled: string; linkedin: string; twitter: string; casual: string; email: string };
};

/** A script (or a description) that already opens with a greeting, in any supported language. */
export const GREETING_START =
  /^[¡¿"«\s]*(hi|hello|hey|dear|good (morning|afternoon|evening)|bonjour|bonsoir|salut|coucou|hola|buenos|buenas|hallo|guten|liebe|lieber|ciao|buongiorno|olá|ola|oi)(?![\p{L}])/iu;

export function toneText(t: ToneText, tone: ScriptTone): readonly string[] {
  return Array.isArray(t) ? (t as readonly string[]) : (t as Record<ScriptTone, readonly string[]>)[tone];
}

export const PHRASES: Readonly<Record<ScriptLanguage, Phrases>> = { en, fr, es, de, it, pt };
