import { brandColorOrNull, DEFAULT_BRAND_COLOR, textOn } from '../../shared/brand';

// The sender's brand on their landing pages: the campaign's colour, else the sender's, else the
// app's; a text colour that stays readable on it; the sender's logo and photo (their avatar).
// Every value is checked again here, at render time: the colour goes into CSS unescaped.

export type LandingBrand = {
  /** `#rrggbb`, strictly validated. */
  color: string;
  /** White or near-black, whichever contrasts more with `color`. */
  onColor: string;
  logoUrl: string | null;
  photoUrl: string | null;
};

/** A stored file of ours, or an http(s) address (allowed by the page's CSP); anything else is dropped. */
export const safeImage = (u: string | null | undefined) => (u && (/^\/files\/[A-Za-z0-9._/-]+$/.test(u) || /^https?:\/\/[^\s"'<>]+$/i.test(u)) ? u : null);

export function landingBrand(r: { campaignColor?: string | null; userColor?: string | null; logoUrl?: string | null; photoUrl?: string | null }): LandingBrand {
  const color = brandColorOrNull(r.campaignColor) ?? brandColorOrNull(r.userColor) ?? DEFAULT_BRAND_COLOR;
  return { color, onColor: textOn(color), logoUrl: safeImage(r.logoUrl), photoUrl: safeImage(r.photoUrl) };
}

export const DEFAULT_LANDING_BRAND = landingBrand({});
