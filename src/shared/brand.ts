import { z } from 'zod';

// The landing page's brand colour: isomorphic (the server renders it, the web previews it).
// Only `#rrggbb` is ever accepted, so a colour can be written into CSS without escaping:
// no name, no rgb(), no `;`, `}` or url() can reach the stylesheet (docs/decisions/106-landing-brand.md).

export const BRAND_COLOR_RE = /^#[0-9a-f]{6}$/i;
/** The app's primary indigo: the landing page's colour when the sender chose none. */
export const DEFAULT_BRAND_COLOR = '#4f46e5';
export const BRAND_COLOR_MESSAGE = 'Brand colour must be a hex colour such as #4f46e5';

/** The colour lower-cased when it is exactly `#rrggbb`, else null. */
export function brandColorOrNull(value: string | null | undefined): string | null {
  return typeof value === 'string' && BRAND_COLOR_RE.test(value) ? value.toLowerCase() : null;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const ON_DARK = '#ffffff';
export const ON_LIGHT = '#111827';

/** The text colour for a surface of this colour: white or near-black, whichever contrasts more. */
export function textOn(hex: string): string {
  return contrastRatio(hex, ON_DARK) >= contrastRatio(hex, ON_LIGHT) ? ON_DARK : ON_LIGHT;
}

/** The field as every form and API takes it: `#rrggbb` only, lower-cased; empty = none (the default). */
export function zBrandColor() {
  return z
    .string({ error: BRAND_COLOR_MESSAGE })
    .trim()
    .refine((v) => v === '' || BRAND_COLOR_RE.test(v), BRAND_COLOR_MESSAGE)
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .nullable()
    .optional();
}
