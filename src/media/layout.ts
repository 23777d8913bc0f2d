import { MediaError } from './errors.ts';

export type Resolution = '720p' | '1080p' | '2160p';
export type AspectRatio = 'landscape' | 'portrait' | 'square';
/** The spec's voice-customization `avatarStyle` (HeyGen's values). */
export type AvatarStyle = 'normal' | 'circle' | 'closeUp';

/** 25 fps: a frame (1920 samples at 48 kHz) and 8 frames = 15 AAC frames exactly (see personalise.ts). */
export const FPS = 25;
export const AUDIO_RATE = 48_000;

const SHORT_SIDE: Record<Resolution, number> = { '720p': 720, '1080p': 1080, '2160p': 2160 };

export function frameSize(resolution: Resolution, aspectRatio: AspectRatio): { width: number; height: number } {
  const short = SHORT_SIDE[resolution];
  if (!short) throw new MediaError('INVALID_INPUT', `Unknown resolution "${resolution}"`);
  const long = Math.round((short * 16) / 9);
  if (aspectRatio === 'landscape') return { width: long, height: short };
  if (aspectRatio === 'portrait') return { width: short, height: long };
  if (aspectRatio === 'square') return { width: short, height: short };
  throw new MediaError('INVALID_INPUT', `Unknown aspect ratio "${aspectRatio}"`);
}

export interface Placement {
  /** Side of the square avatar box, px (even). */
  size: number;
  /** Top-left corner; may be partly outside the frame (close-up). */
  x: number;
  y: number;
}

export interface PlacementInput {
  width: number;
  height: number;
  kind: 'stock' | 'photo';
  style?: AvatarStyle;
  /** Shift as a fraction of the frame width / height, -1..1 (spec's offsetX / offsetY, default 0). */
  offsetX?: number;
  offsetY?: number;
}

const even = (n: number) => Math.round(n / 2) * 2;

/**
 * Where the avatar sits. Stock characters stand at the bottom centre (their body runs to the image's
 * bottom edge); photos are a centred circle; the `circle` style is a corner bubble for either kind.
 */
export function placeAvatar(input: PlacementInput): Placement {
  const { width, height } = input;
  const short = Math.min(width, height);
  const style = input.style ?? 'normal';
  let size: number;
  let x: number;
  let y: number;
  if (style === 'circle') {
    size = even(short * 0.42);
    const margin = short * 0.04;
    x = width - size - margin;
    y = height - size - margin;
  } else if (input.kind === 'stock') {
    // Portrait frames would leave the top half empty: let the shoulders run off the sides instead.
    const base = Math.min(height * 0.92, width * 1.25);
    size = even(style === 'closeUp' ? base * 1.35 : base);
    x = (width - size) / 2;
    // Close-up crops the chest off the bottom of the frame so the face is larger.
    y = style === 'closeUp' ? height - size * 0.82 : height - size;
  } else {
    size = even(short * (style === 'closeUp' ? 0.8 : 0.62));
    x = (width - size) / 2;
    y = height * 0.46 - size / 2;
  }
  const dx = clampOffset(input.offsetX) * width;
  const dy = clampOffset(input.offsetY) * height;
  return { size, x: even(x + dx), y: even(y + dy) };
}

function clampOffset(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  return Math.max(-1, Math.min(1, value));
}
