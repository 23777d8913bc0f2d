import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { buildCues, captionLineChars, shiftCues } from './captions.ts'
import type { CaptionCue } from './captions.ts'
import { mouthBottom, prepareScene, segmentArgs } from './compose.ts'
import { MediaError } from './errors.ts'
import { runFfmpeg } from './ffmpeg.ts'
import { AUDIO_RATE, FPS } from './layout.ts'
import {
  actingSeed,
  makeThumbnail,
  speechOf,
  progressReporter,
  renderTimeoutMs,
  sceneOf,
  scratchDir,
  subtitleLanguage,
  validateLook,
  writeCaptionFiles,
  writeVtt,
} from './render.ts'
import type { CaptionMode, VideoLook } from './render.ts'
import type { SpeechResult } from './tts.ts'
import { concatPcm, decodeWav, encodeWav, padToMultiple } from './wav.ts'
import type { Pcm } from './wav.ts'

export interface PersonalisedInput extends VideoLook {
  /** One per recipient; `key` names the output files (sanitised) and must be unique. */
  heads: { key: string; script: string }[]
  /** The part every recipient hears, rendered once. */
  tail: { script: string }
}

export interface PersonalisedOutput {
  key: string
  /** `<workDir>/<key>.mp4` */
  videoPath: string
  /** `<workDir>/<key>.jpg` */
  thumbnailPath: string
  /** `<workDir>/<key>.vtt` unless captions are 'none'. */
  captionsPath?: string
  durationSec: number
  /** Length of the personalised opening, padding included (where the shared part starts). */
  headDurationSec: number
  width: number
  height: number
}

const SAMPLES_PER_FRAME = AUDIO_RATE / FPS // 1920
const AAC_FRAME = 1024
/** 15360 samples = 0.32 s = 8 video frames = 15 AAC frames: a head this long joins without drift. */
export const HEAD_QUANTUM = lcm(SAMPLES_PER_FRAME, AAC_FRAME)
/** Minimum pause between the personalised opening and the shared part. */
const HEAD_GAP_SAMPLES = Math.round(AUDIO_RATE * 0.12)

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b
}

function safeKey(key: string): string {
  const cleaned = key.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 80)
  if (!cleaned) throw new MediaError('INVALID_INPUT', `Head key "${key}" has no usable characters`)
  return cleaned
}

/** eSpeak speaks at 22.05 kHz; one ffmpeg run resamples every clip to 48 kHz so samples count exactly. */
async function resampleAll(files: string[], cwd: string): Promise<Pcm[]> {
  const args: string[] = []
  for (const file of files) args.push('-i', file)
  files.forEach((_, i) => args.push('-map', `${i}:a`, '-ar', String(AUDIO_RATE), '-ac', '1', '-c:a', 'pcm_s16le', `r48-${i}.wav`))
  await runFfmpeg(args, { cwd, timeoutMs: 60_000 + files.length * 5_000, label: 'audio resampling' })
  return Promise.all(files.map(async (_, i) => decodeWav(new Uint8Array(await Bun.file(join(cwd, `r48-${i}.wav`)).arrayBuffer()))))
}

function cuesFor(speech: SpeechResult, pcm: Pcm, width: number, height: number): CaptionCue[] {
  return buildCues(speech.words, { maxChars: captionLineChars(width, height), maxLines: 2, endSec: pcm.samples.length / pcm.sampleRate })
}

/**
 * One video per head: the shared tail is rendered once; each head is rendered alone, padded to a whole
 * number of video and AAC frames, then joined to the tail with `-c:v copy` while the audio is encoded
 * once from the joined WAV, so sound and picture stay in sync across the join.
 */
export async function renderPersonalised(input: PersonalisedInput): Promise<PersonalisedOutput[]> {
  validateLook(input)
  if (input.heads.length === 0) throw new MediaError('INVALID_INPUT', 'At least one head is needed')
  const keys = input.heads.map((h) => safeKey(h.key))
  if (new Set(keys).size !== keys.length) throw new MediaError('INVALID_INPUT', 'Head keys must be unique')
  const report = progressReporter(input.onProgress)
  const language = await subtitleLanguage(input)
  const workDir = resolve(input.workDir)
  const tmp = await scratchDir(workDir)
  try {
    report(0)
    const speeches = await speechOf(input).synthesizeMany([input.tail, ...input.heads].map((part, i) => ({ text: part.script, voiceId: input.voiceId, workDir: tmp, fileName: `tts-${i}.wav` })))
    const [tailPcm, ...headPcms] = await resampleAll(speeches.map((s) => s.wavPath), tmp)
    const tail = padToMultiple(tailPcm as Pcm, SAMPLES_PER_FRAME)
    const heads = headPcms.map((pcm) => padToMultiple(pcm, HEAD_QUANTUM, pcm.samples.length + HEAD_GAP_SAMPLES))
    report(5)
    const scene = await prepareScene(sceneOf(input), tmp)
    const { width, height } = scene.input
    const [tailSpeech, ...headSpeeches] = speeches as [SpeechResult, ...SpeechResult[]]
    const tailFrames = tail.samples.length / SAMPLES_PER_FRAME
    const totalFrames = tailFrames * heads.length + heads.reduce((n, h) => n + h.samples.length / SAMPLES_PER_FRAME, 0)
    let doneFrames = 0
    const renderSegment = async (pcm: Pcm, speech: SpeechResult, script: string, name: string, cues: CaptionCue[], zoom: [number, number]) => {
      const frames = pcm.samples.length / SAMPLES_PER_FRAME
      const burned = input.captions === 'burned' ? await writeCaptionFiles(tmp, name, cues, 'burned', { width, height }, mouthBottom(scene)) : {}
      const acting = { phonemes: speech.phonemes, words: speech.words, seed: actingSeed(input, script) }
      const args = await segmentArgs(scene, { pcm, ...acting, frames, assFile: burned.assFile, outFile: `${name}.mp4`, name, zoom })
      await runFfmpeg(args, {
        cwd: tmp,
        timeoutMs: renderTimeoutMs(frames / FPS, width, height),
        durationSec: frames / FPS,
        onProgress: (p) => report(8 + ((doneFrames + (p / 100) * frames) / totalFrames) * 88),
        label: `render of ${name}`,
      })
      doneFrames += frames
    }
    const tailCues = cuesFor(tailSpeech, tail, width, height)
    // Photo push-in continues across the join: heads zoom 1 → 1.04, the shared part 1.04 → 1.12.
    await renderSegment(tail, tailSpeech, input.tail.script, 'tail', tailCues, [1.04, 1.12])
    doneFrames = tailFrames * heads.length // the tail counts once per output in the progress bar
    const outputs: PersonalisedOutput[] = []
    for (const [i, head] of heads.entries()) {
      const key = keys[i] as string
      const headCues = cuesFor(headSpeeches[i] as SpeechResult, head, width, height)
      await renderSegment(head, headSpeeches[i] as SpeechResult, input.heads[i]?.script ?? '', `head-${i}`, headCues, [1, 1.04])
      const headSec = head.samples.length / AUDIO_RATE
      const allCues = [...headCues, ...shiftCues(tailCues, headSec)]
      outputs.push(await joinSegments({ index: i, key, inputKey: input.heads[i]?.key ?? key, head, tail, headSec, cues: allCues, tmp, workDir, width, height, mode: input.captions, language }))
    }
    report(100)
    return outputs
  } finally {
    if (!process.env.MEDIA_KEEP_SCRATCH) await rm(tmp, { recursive: true, force: true })
  }
}

interface JoinInput {
  index: number
  key: string
  inputKey: string
  head: Pcm
  tail: Pcm
  headSec: number
  cues: CaptionCue[]
  tmp: string
  workDir: string
  width: number
  height: number
  mode: CaptionMode
  /** ISO 639-2 code of the subtitle track. */
  language: string
}

async function joinSegments(j: JoinInput): Promise<PersonalisedOutput> {
  const joined = concatPcm([j.head, j.tail])
  const wavFile = `joined-${j.index}.wav`
  await Bun.write(join(j.tmp, wavFile), encodeWav(joined))
  const listFile = `join-${j.index}.ffconcat`
  await Bun.write(join(j.tmp, listFile), `ffconcat version 1.0\nfile 'head-${j.index}.mp4'\nfile 'tail.mp4'\n`)
  const soft = j.mode === 'soft' ? await writeCaptionFiles(j.tmp, `joined-${j.index}`, j.cues, 'soft', j) : {}
  const videoPath = join(j.workDir, `${j.key}.mp4`)
  const durationSec = joined.samples.length / AUDIO_RATE
  const args = ['-f', 'concat', '-safe', '0', '-i', listFile, '-i', wavFile]
  if (soft.srtFile) args.push('-i', soft.srtFile)
  args.push('-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k')
  if (soft.srtFile) args.push('-map', '2:s', '-c:s', 'mov_text', '-metadata:s:s:0', `language=${j.language}`)
  args.push('-movflags', '+faststart', videoPath)
  await runFfmpeg(args, { cwd: j.tmp, timeoutMs: 60_000 + durationSec * 1_000, label: `join for ${j.inputKey}` })
  const thumbnailPath = await makeThumbnail(videoPath, durationSec, join(j.workDir, `${j.key}.jpg`))
  const captionsPath = await writeVtt(j.workDir, j.cues, j.mode, `${j.key}.vtt`)
  return { key: j.inputKey, videoPath, thumbnailPath, captionsPath, durationSec, headDurationSec: j.headSec, width: j.width, height: j.height }
}
