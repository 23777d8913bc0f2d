import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { MediaError } from './errors.ts';
import { runFfmpeg } from './ffmpeg.ts';

// A recipient's e-mail images (issue 10 §5), from their own video in one ffmpeg run: the poster
// (JPEG, the frame at 1 s) and an animated GIF of the first seconds (palettegen/paletteuse), both
// carrying the same overlay: a play button, a headline with the recipient's name and the call to
// action. The overlay is on every frame, so the GIF's first frame is a complete poster on its own
// (some clients show only that frame). docs/decisions/102-email-thumbnails.md.

export interface ThumbnailOverlay {
  /** "Ada, this video is for you": already resolved, never a placeholder. */
  headline: string;
  /** The e-mail's call to action ("Watch your video"). */
  cta: string;
}

export interface ThumbnailInput {
  videoPath: string;
  durationSec: number;
  /** Frame size of the video. */
  width: number;
  height: number;
  overlay: ThumbnailOverlay;
  posterPath: string;
  /** Omit for a poster only. */
  gifPath?: string;
  /** Where scratch files go (overlay images). */
  workDir: string;
  name?: string;
}

export interface ThumbnailResult {
  posterPath: string;
  gifPath?: string;
  gifBytes?: number;
  gifSeconds?: number;
}

export const GIF_MAX_BYTES = 1024 * 1024;
const GIF_SECONDS = 3;
/** Tried in order until the GIF fits in GIF_MAX_BYTES. */
const GIF_STEPS = [
  { width: 480, fps: 10, colors: 128 },
  { width: 400, fps: 8, colors: 96 },
  { width: 320, fps: 6, colors: 64 },
];

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];
let fontFiles: string[] | undefined;

/** A few known font files (fast); the system's fonts when none of them exists. */
function fonts(): { fontFiles: string[]; loadSystemFonts: boolean } {
  fontFiles ??= FONT_CANDIDATES.filter((f) => existsSync(f));
  return { fontFiles, loadSystemFonts: fontFiles.length === 0 };
}

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] as string);

function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** The overlay as an SVG of the given size (exported for tests: the text drawn is checked there). */
export function overlaySvg(o: ThumbnailOverlay, width: number, height: number): string {
  if (/[{}]/.test(o.headline + o.cta)) throw new MediaError('INVALID_INPUT', 'Thumbnail text must be resolved (it holds a brace)');
  const s = Math.min(width, height * (16 / 9)) / 100; // 1 % of a 16:9 width
  const band = Math.round(height * 0.38);
  const font = Math.max(11, Math.round(s * 4.2));
  const ctaFont = Math.max(10, Math.round(s * 3.4));
  const pad = Math.round(s * 3);
  const cta = clip(o.cta, 28);
  const ctaW = Math.round(cta.length * ctaFont * 0.62 + ctaFont * 2.2);
  const ctaH = Math.round(ctaFont * 2.2);
  const headline = clip(o.headline, Math.max(8, Math.floor((width - pad * 2) / (font * 0.58))));
  const r = Math.round(Math.min(width, height) * 0.11);
  // Text at the top (burned captions sit at the bottom); the play button below the face.
  const cx = width / 2;
  const cy = height * 0.64;
  const lineY = pad + font;
  const pillY = lineY + Math.round(s * 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.75"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect x="0" y="0" width="${width}" height="${band}" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#000" fill-opacity="0.55" stroke="#fff" stroke-width="${Math.max(2, Math.round(r * 0.08))}"/>
<path d="M ${cx - r * 0.3} ${cy - r * 0.45} L ${cx + r * 0.5} ${cy} L ${cx - r * 0.3} ${cy + r * 0.45} Z" fill="#fff"/>
<text x="${pad}" y="${lineY}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${font}" fill="#fff">${xml(headline)}</text>
<rect x="${pad}" y="${pillY}" rx="${Math.round(ctaH / 2)}" width="${ctaW}" height="${ctaH}" fill="#4f46e5"/>
<text x="${pad + ctaW / 2}" y="${pillY + ctaH / 2}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${ctaFont}" fill="#fff">${xml(cta)}</text>
</svg>`;
}

function overlayPng(o: ThumbnailOverlay, width: number, height: number): Uint8Array {
  return new Uint8Array(new Resvg(overlaySvg(o, width, height), { font: { ...fonts(), defaultFontFamily: 'DejaVu Sans' } }).render().asPng());
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Poster and GIF in one ffmpeg run (one decode of the opening). The GIF is tried again smaller
 * when it would pass 1 MB.
 */
export async function makeThumbnails(input: ThumbnailInput): Promise<ThumbnailResult> {
  const name = input.name ?? 'thumb';
  const posterW = Math.min(1280, even(input.width));
  const posterH = even((input.height * posterW) / input.width);
  const posterOverlay = join(input.workDir, `${name}-poster-overlay.png`);
  await Bun.write(posterOverlay, overlayPng(input.overlay, posterW, posterH));
  const at = Math.min(1, input.durationSec / 2);
  const gifSeconds = Math.min(GIF_SECONDS, input.durationSec);
  for (const [i, step] of GIF_STEPS.entries()) {
    // The first run makes the poster too; a retry (GIF too large) redoes the GIF only.
    const withPoster = i === 0;
    const withGif = !!input.gifPath;
    const args = ['-t', (Math.max(gifSeconds, at) + 0.5).toFixed(3), '-i', input.videoPath];
    const chains: string[] = [withPoster && withGif ? '[0:v]split=2[vp][vg]' : withPoster ? '[0:v]null[vp]' : '[0:v]null[vg]'];
    const outputs: string[] = [];
    if (withPoster) {
      args.push('-i', posterOverlay);
      chains.push(`[vp]trim=start=${at.toFixed(3)},setpts=PTS-STARTPTS,trim=end_frame=1,scale=${posterW}:${posterH}[p0]`, `[p0][1:v]overlay=0:0[poster]`);
      outputs.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', input.posterPath);
    }
    if (input.gifPath) {
      const gifW = even(Math.min(step.width, input.width));
      const gifH = even((input.height * gifW) / input.width);
      const gifOverlay = join(input.workDir, `${name}-gif-overlay-${i}.png`);
      await Bun.write(gifOverlay, overlayPng(input.overlay, gifW, gifH));
      args.push('-i', gifOverlay);
      chains.push(
        `[vg]trim=end=${gifSeconds.toFixed(3)},setpts=PTS-STARTPTS,fps=${step.fps},scale=${gifW}:${gifH}:flags=lanczos[g0]`,
        `[g0][${withPoster ? 2 : 1}:v]overlay=0:0,split[g1][g2]`,
        `[g1]palettegen=max_colors=${step.colors}:stats_mode=diff[pal]`,
        `[g2][pal]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle[gif]`,
      );
      outputs.push('-map', '[gif]', '-loop', '0', '-f', 'gif', input.gifPath);
    }
    await runFfmpeg([...args, '-filter_complex', chains.join(';'), ...outputs], { cwd: input.workDir, timeoutMs: 60_000, label: 'thumbnails' });
    if (!input.gifPath) return { posterPath: input.posterPath };
    const bytes = (await stat(input.gifPath)).size;
    if (bytes <= GIF_MAX_BYTES) return { posterPath: input.posterPath, gifPath: input.gifPath, gifBytes: bytes, gifSeconds };
  }
  throw new MediaError('FFMPEG_FAILED', 'The GIF thumbnail stays over the 1 MB limit');
}
