import { afterAll, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probe } from './ffmpeg.ts'
import { HEAD_QUANTUM, renderPersonalised } from './personalise.ts'

const root = await mkdtemp(join(tmpdir(), 'personalise-test-'))
afterAll(() => rm(root, { recursive: true, force: true }))

test('personalised heads joined to a shared tail keep audio and video in sync', async () => {
  const outputs = await renderPersonalised({
    heads: [
      { key: 'contact-1', script: 'Hi Alice, great to meet you at Acme.' },
      { key: 'contact 2', script: 'Hello Bob.' },
    ],
    tail: { script: 'This short video shows how we save your team hours every week.' },
    voiceId: 'local-en-male',
    avatar: { kind: 'stock', index: 21 },
    background: { kind: 'color', color: '#334155' },
    resolution: '720p',
    aspectRatio: 'landscape',
    captions: 'burned',
    workDir: root,
  })
  expect(outputs.map((o) => o.key)).toEqual(['contact-1', 'contact 2'])
  expect(outputs[1]?.videoPath).toBe(join(root, 'contact_2.mp4'))
  const frame = 1 / 25
  const tails = new Set<number>()
  for (const out of outputs) {
    const info = await probe(out.videoPath)
    expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 })
    expect(info.audio?.codec).toBe('aac')
    expect(Math.abs((info.audio?.durationSec ?? 0) - (info.video?.durationSec ?? 0))).toBeLessThanOrEqual(frame)
    expect(Math.abs(info.durationSec - out.durationSec)).toBeLessThanOrEqual(frame)
    // The head is a whole number of 0.32 s quanta (8 video frames = 15 AAC frames).
    expect(Number.isInteger(Math.round(out.headDurationSec * 48_000) / HEAD_QUANTUM)).toBe(true)
    tails.add(Math.round((out.durationSec - out.headDurationSec) * 1000))
    expect((await Bun.file(out.thumbnailPath).bytes())[0]).toBe(0xff)
  }
  expect(tails.size).toBe(1) // same shared part in every output
  expect(outputs[0]?.headDurationSec).toBeGreaterThan(outputs[1]?.headDurationSec ?? Infinity)
}, 60_000)
