import { afterAll, describe, expect, test } from 'bun:test';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testLook } from './fixtures/look.ts';
import { frameSize } from './layout.ts';
import { renderPersonalised } from './personalise.ts';
import { medianPitch } from './align.ts';
import { partsOf, recordedSpeech, referenceVoice } from './recorded-speech.ts';
import { alignRecordings } from './speech-timing.ts';
import { renderTalkingVideo } from './render.ts';
import { localSpeech } from './tts.ts';
import { decodeWav } from './wav.ts';
import { lipSync, pearson, stockMouthBox } from '../test/lip-sync.ts';
import { bestMatch, envelope, fakeTakes, speechPart } from '../test/recording.ts';
import { decodeSound, describeSound, soundFigures, soundSpan } from '../test/sound.ts';

// The rep's own voice (decision 221), measured on rendered files: the takes (made here from an offline
// voice, with room tone and levels of their own, encoded as a browser records them) are the video's
// sound, through the one audio chain (-16 LUFS, true peak ≤ -1 dBTP, framed by silence), the mouth
// follows them and the captions fall on them; in a personalised video the sentence with a recipient's
// value is the synthetic voice's and everything else is the recording.

const dir = await mkdtemp(join(tmpdir(), 'recorded-speech-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const SENTENCES = ['Hi Sam, thanks for your time today.', 'Here is a quick idea for your team.'];
const takesDir = join(dir, 'takes');
await mkdir(takesDir, { recursive: true });
// The rep's takes: a man's voice (Flite kal16; the synthetic voice of the video is a woman's), at -14 dB and -4 dB.
const takes = await fakeTakes(SENTENCES, takesDir, { gainsDb: [-14, -4] });
const speech = recordedSpeech({ takes, synthetic: localSpeech });
const VOICE = 'local-en-flite-slt';

/** Each take's speech is found in the render's sound, shape for shape (r ≥ 0.9), in order. */
async function expectTakesIn(video: string, work: string, which: typeof takes) {
  const sound = envelope({ sampleRate: 48_000, samples: await decodeSound(video, work) });
  let after = 0;
  for (const take of which) {
    const match = bestMatch(speechPart(envelope(take.speech)), sound.slice(after));
    console.log(`"${take.text.slice(0, 30)}…" found at ${((after + match.at) / 100).toFixed(2)} s, r = ${match.r.toFixed(3)}`);
    expect(match.r).toBeGreaterThanOrEqual(0.9);
    after += match.at;
  }
}

test('a text is cut into the rep’s takes and runs of sentences for the synthetic voice', () => {
  const byText = new Map(takes.map((t) => [t.text, t]));
  const parts = partsOf(`Hi Alice.  Nice  to meet you. ${SENTENCES[0]}\n${SENTENCES[1]} See you soon.`, byText);
  expect(parts.map((p) => (p.kind === 'take' ? `take: ${p.take.text}` : `voice: ${p.text}`))).toEqual([
    'voice: Hi Alice. Nice to meet you.',
    `take: ${SENTENCES[0]}`,
    `take: ${SENTENCES[1]}`,
    'voice: See you soon.',
  ]);
});

test('the alignment reference is in the speaker’s register, without breath noise: the same take aligns the same every time', async () => {
  const voices = await localSpeech.synthesizeMany(
    ['local-en-flite-kal16', 'local-en-flite-rms', 'local-en-flite-slt', 'local-en-female'].map((voiceId) => ({
      text: 'Here is a quick idea for your team.',
      voiceId,
      workDir: takesDir,
      fileName: `${voiceId}.wav`,
    })),
  );
  const pitches = await Promise.all(voices.map(async (v) => medianPitch(decodeWav(new Uint8Array(await Bun.file(v.wavPath).arrayBuffer())))));
  console.log(
    `median pitch: kal16 ${pitches[0]?.toFixed(0)} Hz, rms ${pitches[1]?.toFixed(0)} Hz, slt ${pitches[2]?.toFixed(0)} Hz, eSpeak woman ${pitches[3]?.toFixed(0)} Hz`,
  );
  expect(pitches.map((p) => referenceVoice('en', p))).toEqual(['en-us+m3', 'en-us+m3', 'en-us+f4', 'en-us+f4']);
  expect(referenceVoice('fr', 0)).toBe('fr+f4');
  // eSpeak's breathy woman (+f3) is not the same sound twice; the reference is: so is the alignment.
  const runs = await Promise.all(
    [0, 1, 2].map(() => alignRecordings([{ text: takes[1]!.text, wavPath: voices[0]!.wavPath }], { language: 'en', espeakVoice: 'en-us+f4' })),
  );
  for (const run of runs.slice(1)) expect(run[0]?.phonemes).toEqual(runs[0]?.[0]?.phonemes ?? []);
});

describe('a video spoken with the rep’s recording', () => {
  test('the takes are its sound at -16 LUFS, true peak ≤ -1 dBTP, framed by silence; the mouth follows them; captions fall on the speech', async () => {
    const work = join(dir, 'plain');
    const result = await renderTalkingVideo({
      ...testLook(work, { voiceId: VOICE, speech, avatar: { kind: 'stock', index: 10 }, aspectRatio: 'square', captions: 'soft' }),
      script: SENTENCES.join(' '),
    });
    const sound = await soundFigures(result.videoPath, work);
    console.log(`recording: ${describeSound(sound)}`);
    expect(Math.abs(sound.lufs - -16)).toBeLessThanOrEqual(1);
    expect(sound.truePeakDb).toBeLessThanOrEqual(-1);
    expect(sound.leadSec).toBeGreaterThanOrEqual(0.25);
    expect(sound.trailSec).toBeGreaterThanOrEqual(0.5);
    // The room tone is gone: the sound is the two takes' speech and the pause between them.
    const takeSec = takes.reduce((s, t) => s + speechPart(envelope(t.speech)).length / 100, 0);
    expect(sound.durationSec - sound.leadSec - sound.trailSec).toBeLessThan(takeSec + 0.4 + 0.3);
    await expectTakesIn(result.videoPath, work, takes);
    // Captions (the words' timings) fall within the speech, first and last word where the sound starts and ends.
    const span = soundSpan(await decodeSound(result.videoPath, work));
    expect(result.words.map((w) => w.text.replace(/[^\w']/g, '').toLowerCase())).toEqual(
      SENTENCES.join(' ')
        .split(/\s+/)
        .map((w) => w.replace(/[^\w']/g, '').toLowerCase()),
    );
    for (const w of result.words) {
      expect(w.startSec).toBeGreaterThanOrEqual(span.first - 0.08);
      expect(w.endSec).toBeLessThanOrEqual(span.last + 0.08);
    }
    expect(Math.abs((result.words[0]?.startSec ?? 0) - span.first)).toBeLessThan(0.1);
    const vtt = await Bun.file(result.captionsPath!).text();
    expect(vtt).toContain(`00:00:00.${String(Math.round((result.words[0]?.startSec ?? 0) * 1000)).padStart(3, '0')} -->`);
    expect(vtt).toContain('Hi Sam, thanks for');
    const { width, height } = frameSize('720p', 'square');
    const sync = await lipSync(result.videoPath, stockMouthBox(width, height), work);
    console.log(`recording: lip-sync r = ${sync.r.toFixed(2)}, best at lag ${sync.bestLag} (r = ${sync.bestR.toFixed(2)})`);
    expect(sync.r).toBeGreaterThanOrEqual(0.6);
    expect(Math.abs(sync.bestLag)).toBeLessThanOrEqual(1);
  }, 180_000);

  test('personalised: the sentence with the recipient’s value is the synthetic voice’s, the rest is the recording; recipients differ only in it', async () => {
    const work = join(dir, 'personal');
    // Opening: the rep's first take, then "I made it for {company}." (the voice, per recipient); shared rest: the second take.
    const outputs = await renderPersonalised({
      ...testLook(work, { voiceId: VOICE, speech, captions: 'none' }),
      script: [
        { text: `${SENTENCES[0]} I made it for {company}.`, personal: true },
        { text: SENTENCES[1] as string, personal: false },
      ],
      recipients: [
        { key: 'acme', texts: [`${SENTENCES[0]} I made it for Acme.`] },
        { key: 'globex', texts: [`${SENTENCES[0]} I made it for Globex Corporation.`] },
      ],
    });
    const [a, b] = outputs as [(typeof outputs)[0], (typeof outputs)[0]];
    // One shared part, the same bytes for both.
    expect(a.sharedRanges).toEqual(b.sharedRanges);
    for (const out of outputs) {
      const figures = await soundFigures(out.videoPath, work);
      console.log(`personalised ${out.key}: ${describeSound(figures)}`);
      expect(Math.abs(figures.lufs - -16)).toBeLessThanOrEqual(1);
      expect(figures.truePeakDb).toBeLessThanOrEqual(-1);
      expect(figures.leadSec).toBeGreaterThanOrEqual(0.25);
      expect(figures.trailSec).toBeGreaterThanOrEqual(0.5);
      // Both takes are in every recipient's video, in order: the opening's and the shared part's.
      await expectTakesIn(out.videoPath, work, takes);
    }
    // The openings start with the same recorded sentence and part where the synthetic one says each recipient's value.
    const headA = await decodeSound(a.videoPath, work, { from: 0, to: a.startsSec[1]! });
    const headB = await decodeSound(b.videoPath, work, { from: 0, to: b.startsSec[1]! });
    const take0 = speechPart(envelope(takes[0]!.speech)).length / 100;
    const cut = (s: Int16Array, from: number, to: number) => Array.from(s.subarray(Math.round(from * 48_000), Math.round(to * 48_000)));
    const same = pearson(cut(headA, 0.3, 0.3 + take0), cut(headB, 0.3, 0.3 + take0));
    const after = pearson(cut(headA, 0.3 + take0 + 0.4, 0.3 + take0 + 1.6), cut(headB, 0.3 + take0 + 0.4, 0.3 + take0 + 1.6));
    console.log(`openings: recorded sentence r = ${same.toFixed(3)}, the personalised one r = ${after.toFixed(3)}`);
    expect(same).toBeGreaterThanOrEqual(0.97);
    expect(after).toBeLessThan(0.5);
    // The personalised sentence is the synthetic voice's: its own rendition is found there, shape for shape.
    const personal = envelope({ sampleRate: 48_000, samples: Int16Array.from(cut(headB, 0.3 + take0 + 0.2, b.startsSec[1]!)) });
    const [said] = await localSpeech.synthesizeMany([{ text: 'I made it for Globex Corporation.', voiceId: VOICE, workDir: work, fileName: 'said.wav' }]);
    const voice = decodeWav(new Uint8Array(await Bun.file(said!.wavPath).arrayBuffer()));
    const found = bestMatch(speechPart(envelope(voice)), personal);
    console.log(`openings: the personalised sentence is the voice's, r = ${found.r.toFixed(3)}`);
    expect(found.r).toBeGreaterThanOrEqual(0.9);
  }, 240_000);
});
