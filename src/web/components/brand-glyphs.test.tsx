import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { BRAND_GLYPHS } from './brand-glyphs';

describe('BRAND_GLYPHS', () => {
  test('every brand is its strokes in the lucide frame: 24 units, currentColor, decorative', () => {
    expect(Object.keys(BRAND_GLYPHS)).toEqual(['facebook', 'instagram', 'youtube', 'linkedin', 'twitter', 'google', 'outlook']);
    for (const Glyph of Object.values(BRAND_GLYPHS)) {
      const out = renderToStaticMarkup(<Glyph />);
      expect(out).toStartWith('<svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"');
      expect(out).toMatch(/<(path|rect|circle|ellipse) /);
    }
    const instagram = renderToStaticMarkup(<BRAND_GLYPHS.instagram />);
    expect(instagram).toContain('<rect x="2" y="2" width="20" height="20" rx="5"></rect><circle cx="12" cy="12" r="4"></circle>');
  });

  test("the caller's props win: its size and its own label", () => {
    const out = renderToStaticMarkup(<BRAND_GLYPHS.linkedin className="size-6" aria-hidden={false} aria-label="LinkedIn" />);
    expect(out).toContain('class="size-6"');
    expect(out).toContain('aria-hidden="false"');
    expect(out).toContain('aria-label="LinkedIn"');
  });
});
