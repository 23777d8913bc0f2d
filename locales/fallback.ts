import type { BaseTranslation, Translation } from './i18n-types';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? T[K] : DeepPartial<T[K]> };

/**
 * Key-by-key English fallback for the languages without a full table (de, it, pt).
 * typesafe-i18n's own `extendDictionary` is shallow: a partial `nav` section would
 * replace the whole English `nav` and leave the other nav keys empty.
 */
export function withFallback(base: BaseTranslation, partial: DeepPartial<Translation>): Translation {
  return merge(base, partial) as unknown as Translation;
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (typeof base !== 'object' || base === null || typeof over !== 'object' || over === null) return over;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over)) out[k] = merge((base as Record<string, unknown>)[k], v);
  return out;
}

/** The same, for one namespace (a screen's own dictionary, loaded when the screen is). */
export function namespaceWithFallback<T>(base: unknown, partial: DeepPartial<T>): T {
  return merge(base, partial) as T;
}
