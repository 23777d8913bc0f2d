import { hasVariables } from './variables';

// A script's sentences, one rule for everyone who cuts it: the split of a personalised video into
// its opening and shared rest (distribution), the teleprompter that records the rep sentence by
// sentence (the wizard) and the render that puts each recorded sentence back in its place
// (src/media/recorded-speech.ts). A recorded take is found again by its sentence's text, so the
// three must cut the same text the same way (decision 221).

/** Sentences end with . ! ? (or an ellipsis) and their closing quotes, or a line break; each piece keeps its trailing space. */
const PIECE = /[^.!?\n]+(?:[.!?…]+["')\]]*|\n+|$)\s*/g;

/** The raw pieces (with their whitespace): joined, they give back the text's sentences. */
export function sentencePieces(text: string): string[] {
  return text.match(PIECE) ?? (text ? [text] : []);
}

/** The sentence as a take is keyed by: spaces collapsed, trimmed. */
export const sentenceKey = (sentence: string) => sentence.replace(/\s+/g, ' ').trim();

/** A script's sentences, in order, keyed (spaces collapsed), without the empty ones. */
export function scriptSentences(script: string): string[] {
  return sentencePieces(script.trim())
    .map(sentenceKey)
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** A teleprompter line: the rep reads it, unless it holds a variable (then the chosen synthetic voice says it per recipient). */
export type PrompterLine = { text: string; recorded: boolean };

export function prompterLines(script: string): PrompterLine[] {
  return scriptSentences(script).map((text) => ({ text, recorded: !hasVariables(text) }));
}

/** A recording still fits a script when every recorded sentence is one of its sentences (an edited one needs a new take). */
export function recordingFits(recorded: readonly string[], script: string): boolean {
  const sentences = new Set(scriptSentences(script));
  return recorded.every((s) => sentences.has(sentenceKey(s)));
}
