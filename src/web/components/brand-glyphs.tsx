import type { ReactNode, SVGProps } from 'react';

// Brand glyphs drawn in the same 24-unit stroke style as the lucide icons (lucide ships none).
export type Glyph = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

/** Each brand's strokes; the frame around them is the same for all (`glyph` below). */
const STROKES = {
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  youtube: (
    <>
      <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </>
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  twitter: <path d="M4 4l11.7 16H20L8.3 4zM4 20l6.8-6.8M13.2 10.8 20 4" />,
  google: <path d="M20.5 12.2c0-.6-.1-1.2-.2-1.7H12v3.3h4.8a4.6 4.6 0 0 1-2 2.9M20.5 12.2A8.5 8.5 0 1 1 17.9 6" />,
  outlook: (
    <>
      <rect x="2" y="5" width="12" height="14" rx="2" />
      <ellipse cx="8" cy="12" rx="2.5" ry="3" />
      <path d="M14 8h7v10h-7M14 9l3.5 3L21 9" />
    </>
  ),
} satisfies Record<string, ReactNode>;

// Decorative by default (aria-hidden); a caller that labels the glyph passes its own aria attributes.
const glyph =
  (strokes: ReactNode): Glyph =>
  (props) => (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
      {strokes}
    </svg>
  );

export const BRAND_GLYPHS = Object.fromEntries(Object.entries(STROKES).map(([brand, strokes]) => [brand, glyph(strokes)])) as Record<
  keyof typeof STROKES,
  Glyph
>;
