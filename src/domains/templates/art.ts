import { Resvg } from '@resvg/resvg-js';
import { parseStockAvatarId, renderAvatarFrames, stockAvatar } from '../../media/avatar-art';
import { frameSize, placeAvatar } from '../../media/layout';
import type { Template } from '../../shared/templates';

// Template art drawn as SVG and rasterised with resvg: the image backgrounds the renderer
// composes over, and the catalogue thumbnails (the background with the template's presenter,
// placed exactly where the render engine puts it).

type Design = (w: number, h: number) => string;

const DESIGNS: Record<string, Design> = {
  // A bright office: window light on a blue-grey wall, a shelf line and a plant shape.
  'sales-intro': (w, h) => `
    <defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#94a3b8"/></linearGradient>
    <linearGradient id="light" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#wall)"/>
    <rect x="${w * 0.06}" y="${h * 0.08}" width="${w * 0.28}" height="${h * 0.55}" rx="${h * 0.01}" fill="url(#light)"/>
    <rect x="${w * 0.66}" y="${h * 0.3}" width="${w * 0.3}" height="${h * 0.015}" fill="#475569" opacity="0.6"/>
    <rect x="${w * 0.7}" y="${h * 0.2}" width="${w * 0.04}" height="${h * 0.1}" fill="#2563eb" opacity="0.7"/>
    <rect x="${w * 0.75}" y="${h * 0.17}" width="${w * 0.03}" height="${h * 0.13}" fill="#7c3aed" opacity="0.7"/>
    <circle cx="${w * 0.88}" cy="${h * 0.22}" r="${h * 0.07}" fill="#16a34a" opacity="0.65"/>
    <rect x="0" y="${h * 0.82}" width="${w}" height="${h * 0.18}" fill="#334155" opacity="0.35"/>`,
  // Warm thank-you card: soft gradient with confetti dots.
  'customer-thanks': (w, h) => {
    const dots = Array.from({ length: 24 }, (_, i) => {
      const x = ((i * 7919) % 97) / 97;
      const y = ((i * 104729) % 89) / 89;
      const colour = ['#f59e0b', '#db2777', '#fde68a', '#ffffff'][i % 4];
      return `<circle cx="${(x * w).toFixed(1)}" cy="${(y * h * 0.6).toFixed(1)}" r="${(Math.min(w, h) * (0.006 + (i % 3) * 0.004)).toFixed(1)}" fill="${colour}" opacity="0.8"/>`;
    }).join('');
    return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbcfe8"/><stop offset="1" stop-color="#fcd34d"/></linearGradient></defs>
      <rect width="${w}" height="${h}" fill="url(#g)"/>${dots}`;
  },
  // Launch stage: a dark gradient with a spotlight cone behind the presenter.
  'product-launch': (w, h) => `
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>
    <radialGradient id="spot" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    <rect width="${w}" height="${h}" fill="url(#spot)"/>
    <rect x="0" y="${h * 0.9}" width="${w}" height="${h * 0.1}" fill="#000" opacity="0.25"/>`,
};

export const hasImageBackground = (t: Template) => t.background.type === 'image';

function backgroundBody(t: Template, w: number, h: number): string {
  if (t.background.type === 'color') return `<rect width="${w}" height="${h}" fill="${t.background.value}"/>`;
  const design = DESIGNS[t.id];
  if (!design) throw new Error(`No background design for template ${t.id}`);
  return design(w, h);
}

const svgOf = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

function rasterise(svg: string): Uint8Array {
  return new Uint8Array(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}

/** The template's background as a PNG of exactly w × h (the renderer's frame size). */
export function renderTemplateBackground(t: Template, w: number, h: number): Uint8Array {
  return rasterise(svgOf(w, h, backgroundBody(t, w, h)));
}

/** A still of the template: its background and its default presenter where the engine places it. */
export function renderTemplateThumbnail(t: Template, longSide = 480): Uint8Array {
  const frame = frameSize('720p', t.aspectRatio);
  const scale = longSide / Math.max(frame.width, frame.height);
  const w = Math.round(frame.width * scale);
  const h = Math.round(frame.height * scale);
  const place = placeAvatar({ width: w, height: h, kind: 'stock', style: 'normal' });
  const index = parseStockAvatarId(t.variables.avatar?.defaultValue ?? '') ?? 0;
  const avatar = renderAvatarFrames(stockAvatar(index), place.size).closed;
  const href = `data:image/png;base64,${Buffer.from(avatar).toString('base64')}`;
  return rasterise(svgOf(w, h, `${backgroundBody(t, w, h)}<image href="${href}" x="${place.x}" y="${place.y}" width="${place.size}" height="${place.size}"/>`));
}
