import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { renderAvatarRaster, stockAvatar } from './avatar-art.ts'
import type { MouthShape, RgbaImage } from './avatar-art.ts'
import { MediaError } from './errors.ts'
import { assertReadableImage } from './ffmpeg.ts'
import { FPS, placeAvatar } from './layout.ts'
import type { AvatarStyle } from './layout.ts'
import { bounceTrack, collapseRuns, concatScript, mouthTrack } from './lipsync.ts'
import type { Pcm } from './wav.ts'

export type AvatarInput = { kind: 'stock'; index: number } | { kind: 'photo'; imagePath: string }
export type BackgroundInput = { kind: 'color'; color: string } | { kind: 'image'; path: string }

export interface SceneInput {
  avatar: AvatarInput
  background: BackgroundInput
  width: number
  height: number
  avatarStyle?: AvatarStyle
  offsetX?: number
  offsetY?: number
  /** Fill behind the avatar in the circle style / behind transparent photos. Default #ffffff. */
  circleBackgroundColor?: string
}

/** Audio-independent assets, prepared once and shared by every segment of a personalised batch. */
export interface PreparedScene {
  input: SceneInput
  workDir: string
  stock?: { avatarFile: string; patches: Record<MouthShape, string>; avatarX: number; avatarY: number; patchX: number; patchY: number; baseHasAvatar: boolean }
  photo?: { maskFile: string; size: number; x: number; y: number }
}

/** `#abc`, `#aabbcc` or `aabbcc` → `0xAABBCC` for ffmpeg's colour syntax. */
export function ffmpegColor(color: string): string {
  const hex = color.trim().replace(/^#/, '')
  const full = /^[0-9a-f]{3}$/i.test(hex) ? hex.replace(/./g, (c) => c + c) : hex
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new MediaError('INVALID_INPUT', `Invalid colour "${color}" (use #rrggbb)`)
  return `0x${full.toUpperCase()}`
}

function encodePam(image: RgbaImage, box: { x: number; y: number; w: number; h: number }): Uint8Array {
  const header = new TextEncoder().encode(`P7\nWIDTH ${box.w}\nHEIGHT ${box.h}\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n`)
  const out = new Uint8Array(header.length + box.w * box.h * 3)
  out.set(header)
  let o = header.length
  for (let row = box.y; row < box.y + box.h; row++) {
    for (let col = box.x; col < box.x + box.w; col++) {
      const i = (row * image.width + col) * 4
      out[o++] = image.pixels[i] as number
      out[o++] = image.pixels[i + 1] as number
      out[o++] = image.pixels[i + 2] as number
    }
  }
  return out
}

/** Smallest even-aligned box where the three mouth frames differ, padded a little, if it is fully opaque. */
function mouthBox(frames: RgbaImage[]): { x: number; y: number; w: number; h: number } | undefined {
  const [a, ...others] = frames as [RgbaImage, ...RgbaImage[]]
  let minX = a.width
  let minY = a.height
  let maxX = -1
  let maxY = -1
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 4
      for (const b of others) {
        if (a.pixels[i] !== b.pixels[i] || a.pixels[i + 1] !== b.pixels[i + 1] || a.pixels[i + 2] !== b.pixels[i + 2] || a.pixels[i + 3] !== b.pixels[i + 3]) {
          if (x < minX) minX = x
          if (x > maxX) maxX = x
          if (y < minY) minY = y
          if (y > maxY) maxY = y
        }
      }
    }
  }
  if (maxX < 0) return undefined
  const x = Math.max(0, (minX - 2) & ~1)
  const y = Math.max(0, (minY - 2) & ~1)
  const w = Math.min(a.width - x, (maxX + 4 - x + 1) & ~1)
  const h = Math.min(a.height - y, (maxY + 4 - y + 1) & ~1)
  for (const f of frames) {
    for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) if (f.pixels[(row * f.width + col) * 4 + 3] !== 255) return undefined
  }
  return { x, y, w, h }
}

/**
 * Renders the avatar images once. Stock: the closed-mouth avatar is composited into a still base frame,
 * and only the small mouth patch changes per run (a few KB to decode, not a full frame).
 */
export async function prepareScene(input: SceneInput, workDir: string): Promise<PreparedScene> {
  if (input.background.kind === 'image') {
    if (!existsSync(input.background.path)) throw new MediaError('INVALID_INPUT', 'The background image is missing', { subject: 'background', details: input.background.path })
    await assertReadableImage(input.background.path, 'background')
  }
  const circleColor = ffmpegColor(input.circleBackgroundColor ?? '#ffffff')
  if (input.background.kind === 'color') ffmpegColor(input.background.color)
  const kind = input.avatar.kind
  const place = placeAvatar({ width: input.width, height: input.height, kind, style: input.avatarStyle, offsetX: input.offsetX, offsetY: input.offsetY })
  if (input.avatar.kind === 'photo') {
    if (!existsSync(input.avatar.imagePath)) throw new MediaError('INVALID_INPUT', 'The avatar picture is missing', { subject: 'avatar', details: input.avatar.imagePath })
    await assertReadableImage(input.avatar.imagePath, 'avatar')
    const s = place.size
    // Anti-aliased circle; alphamerge copies its luma into the photo's alpha.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}"><rect width="${s}" height="${s}" fill="#000"/><circle cx="${s / 2}" cy="${s / 2}" r="${s / 2 - 1}" fill="#fff"/></svg>`
    await Bun.write(join(workDir, 'circle-mask.png'), new Resvg(svg).render().asPng())
    return { input, workDir, photo: { maskFile: 'circle-mask.png', size: s, x: place.x, y: place.y } }
  }
  const circle = input.avatarStyle === 'circle'
  const raster = renderAvatarRaster(stockAvatar(input.avatar.index), place.size, circle ? { circle: true, backgroundColor: circleColor.slice(2) } : {})
  const box = mouthBox([raster.closed.rgba, raster.half.rgba, raster.open.rgba])
  const patches = { closed: 'mouth-closed', half: 'mouth-half', open: 'mouth-open' } as Record<MouthShape, string>
  for (const shape of ['closed', 'half', 'open'] as const) {
    // Without an opaque mouth box (unexpected art), fall back to whole-avatar frames over the bare background.
    patches[shape] += box ? '.pam' : '.png'
    await Bun.write(join(workDir, patches[shape]), box ? encodePam(raster[shape].rgba, box) : raster[shape].png)
  }
  await Bun.write(join(workDir, 'avatar.png'), raster.closed.png)
  return {
    input,
    workDir,
    stock: {
      avatarFile: 'avatar.png',
      patches,
      avatarX: place.x,
      avatarY: place.y,
      patchX: place.x + (box?.x ?? 0),
      patchY: place.y + (box?.y ?? 0),
      baseHasAvatar: box !== undefined,
    },
  }
}

export interface SegmentInput {
  /** Speech of this segment (any rate); drives the mouth / bounce track. */
  pcm: Pcm
  /** Audio file muxed into the output; omit for a video-only segment (personalisation). */
  audioFile?: string
  frames: number
  /** ASS file name in workDir to burn, if any. */
  assFile?: string
  /** SRT file name in workDir muxed as a soft `mov_text` track, if any. */
  srtFile?: string
  srtLanguage?: string
  outFile: string
  /** Prefix for this segment's helper files (mouth track, bounce commands). */
  name: string
  /** Photo push-in from → to over the segment (default 1 → 1.12); segments joined later chain these. */
  zoom?: [number, number]
}

/** x264 settings shared by every segment: concat with `-c:v copy` needs identical parameters. */
export const VIDEO_CODEC_ARGS = ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '23', '-pix_fmt', 'yuv420p', '-r', String(FPS), '-g', String(FPS * 10)]

/** Writes the segment's track file and returns the complete ffmpeg argument list (run with cwd = workDir). */
export async function segmentArgs(scene: PreparedScene, seg: SegmentInput): Promise<string[]> {
  const { width: w, height: h, background } = scene.input
  const args: string[] = []
  if (background.kind === 'color') args.push('-f', 'lavfi', '-i', `color=c=${ffmpegColor(background.color)}:s=${w}x${h}:r=${FPS}`)
  else args.push('-i', background.path)
  // One still frame, scaled to cover the frame, then repeated by `loop` (cheaper than `-loop 1`).
  const still = `trim=end_frame=1,scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1`
  const repeat = `loop=loop=-1:size=1:start=0,setpts=N/${FPS}/TB`
  const chains: string[] = []
  let last: string
  if (scene.stock) {
    const s = scene.stock
    const runs = collapseRuns(mouthTrack(seg.pcm, FPS, seg.frames))
    const listFile = `${seg.name}-mouth.ffconcat`
    await Bun.write(join(scene.workDir, listFile), concatScript(runs, s.patches, FPS))
    args.push('-i', s.avatarFile, '-f', 'concat', '-safe', '0', '-i', listFile)
    if (s.baseHasAvatar) {
      chains.push(`[0:v]${still},format=rgb24[bg]`, `[bg][1:v]overlay=${s.avatarX}:${s.avatarY}:format=rgb,format=yuv420p,${repeat}[base]`)
    } else {
      chains.push(`[0:v]${still},format=yuv420p,${repeat}[base]`)
    }
    chains.push(`[base][2:v]overlay=${s.patchX}:${s.patchY}[v0]`)
    last = 'v0'
  } else if (scene.photo && scene.input.avatar.kind === 'photo') {
    const p = scene.photo
    const [z0, z1] = seg.zoom ?? [1, 1.12]
    const zoomSrc = Math.round(p.size * 1.15) & ~1
    const bounce = bounceTrack(seg.pcm, FPS, Math.round(h * 0.025), seg.frames)
    const cmdFile = `${seg.name}-bounce.cmd`
    const commands: string[] = []
    let previous = Number.NaN
    for (const [i, dy] of bounce.entries()) {
      if (dy !== previous) commands.push(`${(i / FPS).toFixed(3)} overlay@pip y ${p.y - dy};`)
      previous = dy
    }
    await Bun.write(join(scene.workDir, cmdFile), `${commands.join('\n')}\n`)
    const circle = ffmpegColor(scene.input.circleBackgroundColor ?? '#ffffff')
    args.push('-i', scene.input.avatar.imagePath, '-i', p.maskFile)
    chains.push(
      `[0:v]${still},format=yuv420p,${repeat},sendcmd=f=${cmdFile}[base]`,
      `color=c=${circle}:s=${zoomSrc}x${zoomSrc}:r=${FPS},trim=end_frame=1[cb]`,
      `[1:v]trim=end_frame=1,scale=${zoomSrc}:${zoomSrc}:force_original_aspect_ratio=increase,crop=${zoomSrc}:${zoomSrc},setsar=1,format=rgba[ph0]`,
      // Slow push-in over the whole segment (zoompan works on every ffmpeg version; scale's per-frame t does not).
      `[cb][ph0]overlay=0:0,format=yuv420p,${repeat},zoompan=z='${z0}+${(z1 - z0).toFixed(4)}*on/${Math.max(1, seg.frames)}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${p.size}x${p.size}:fps=${FPS},format=yuva420p[ph]`,
      `[2:v]format=gray,${repeat}[mask]`,
      `[ph][mask]alphamerge[phm]`,
      `[base][phm]overlay@pip=x=${p.x}:y=${p.y}[v0]`,
    )
    last = 'v0'
  } else {
    throw new MediaError('INVALID_INPUT', 'Scene was not prepared for this avatar')
  }
  // trim, not -frames:v: ending the output on a frame count drops the audio still queued in the muxer.
  chains.push(`[${last}]${seg.assFile ? `ass=${seg.assFile},` : ''}trim=end_frame=${seg.frames}[vout]`)
  last = 'vout'
  args.push(...(seg.audioFile ? ['-i', seg.audioFile] : []), ...(seg.srtFile ? ['-i', seg.srtFile] : []))
  const inputCount = args.filter((a) => a === '-i').length
  args.push('-filter_complex', chains.join(';'), '-map', `[${last}]`, ...VIDEO_CODEC_ARGS)
  if (seg.audioFile) args.push('-map', `${inputCount - (seg.srtFile ? 2 : 1)}:a`, '-c:a', 'aac', '-b:a', '128k', '-ar', '48000')
  else args.push('-an')
  if (seg.srtFile) args.push('-map', `${inputCount - 1}:s`, '-c:s', 'mov_text', '-metadata:s:s:0', `language=${seg.srtLanguage ?? 'eng'}`)
  args.push('-movflags', '+faststart', seg.outFile)
  return args
}
