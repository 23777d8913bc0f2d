import { DEFAULT_PREVIEW_VALUES, defaultFallbacks, fallbacksFor, fillText, normaliseVariable, variablesOf } from '../../shared/variables';
import type { VideoRow } from '../videos/tables';

// A video keeps its script with its placeholders (issue 10 §1): the values typed in the wizard are
// only the preview's, stored next to the fallbacks a recipient without a value gets.

const lowerKeys = <T>(o: Record<string, T> | undefined) => Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [normaliseVariable(k), v]));

/** The preview values and fallbacks stored with a video, one per variable its script uses. */
export function videoVariables(
  script: string,
  given: { preview?: Record<string, string>; fallbacks?: Record<string, string | null>; language?: string | null },
) {
  const names = variablesOf(script);
  if (!names.length) return { previewValues: null, variableFallbacks: null };
  const preview = lowerKeys(given.preview);
  const fb = lowerKeys(given.fallbacks);
  const previewValues: Record<string, string> = {};
  const variableFallbacks: Record<string, string | null> = {};
  for (const n of names) {
    variableFallbacks[n] = n in fb ? (fb[n]?.trim() ? fb[n]!.trim() : null) : (defaultFallbacks(given.language)[n] ?? null);
    previewValues[n] = preview[n]?.trim() || DEFAULT_PREVIEW_VALUES[n] || variableFallbacks[n] || '';
  }
  return { previewValues, variableFallbacks };
}

/** What the preview render speaks and captions: the script with the preview values, never a placeholder. */
export function previewScript(video: Pick<VideoRow, 'script' | 'previewValues' | 'variableFallbacks'> & { language?: string | null }): string {
  return fillText(video.script ?? '', video.previewValues ?? {}, fallbacksFor(video.variableFallbacks, video.language));
}
