/**
 * Per-recipient videos (issues 10 and 26), not part of `bun test`:
 * `bun bench/personalise.ts [--recipients 20] [--full 3] [--workers 1]`.
 * A ~30 s 720p video (stock avatar, burned captions) with a variable in its first and its last
 * sentence ("Hi {first_name}, …" … "Thanks, {first_name}, talk soon!"):
 * 1. the shared middle rendered once, then every recipient's greeting and closing (one worker by
 *    default) joined to it at the byte level, video + captions only, then again with the e-mail
 *    images (poster + GIF);
 * 2. full renders of the same script for a few recipients (their median × N is the comparison);
 * 3. storage per recipient (their own bytes + their share of the shared part) against a full render,
 *    and the GIF thumbnail's bytes and render time.
 * Prints medians, wall and CPU seconds (this machine is shared: CPU seconds do not grow with the load).
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitScript } from '../src/domains/distribution/variables.ts';
import { renderRecipients, renderSharedPart } from '../src/media/personalise.ts';
import type { PartSlot } from '../src/media/personalise.ts';
import { resolveText } from '../src/shared/variables.ts';
import { renderTalkingVideo } from '../src/media/render.ts';
import type { VideoLook } from '../src/media/render.ts';
import { arg, NAMES, TAIL } from './lib/sample-script';

const RECIPIENTS = arg('recipients', 20);
const FULL = arg('full', 3);
const WORKERS = arg('workers', 1);

const nameOf = (i: number) => `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${String.fromCharCode(65 + Math.floor(i / NAMES.length))}.` : ''}`;
// The script as a rep types it; the app cuts it (sentences and clauses) exactly as a send does.
const SCRIPT = `Hi {first_name}, thanks for taking a minute to watch this. ${TAIL} Thanks, {first_name}, talk soon!`;
const split = splitScript(SCRIPT)!;
const fill = (text: string, i: number) => resolveText(text, { first_name: nameOf(i) }).text;

/** CPU seconds of this process plus its reaped children (eSpeak, ffmpeg). */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

async function measure<T>(work: () => Promise<T>) {
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - t0) / 1000, cpu: cpuSeconds() - cpu0 };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
const s2 = (x: number) => `${x.toFixed(2)} s`;

const root = await mkdtemp(join(tmpdir(), 'bench-personalise-'));
const look = (workDir: string): VideoLook => ({
  voiceId: 'local-en-female',
  avatar: { kind: 'stock', index: 7 },
  background: { kind: 'color', color: '#1e3a8a' },
  resolution: '720p',
  aspectRatio: 'landscape',
  captions: 'burned',
  workDir,
});

console.log(
  `cores: ${availableParallelism()}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, recipients: ${RECIPIENTS}, workers: ${WORKERS}, full renders measured: ${FULL}`,
);
try {
  const personalTexts = split.parts.filter((p) => p.personal).map((p) => p.text);
  console.log(`parts: ${split.parts.map((p) => `${p.personal ? 'personal' : 'shared'} "${p.text.slice(0, 40)}${p.text.length > 40 ? '…' : ''}"`).join(' | ')}`);
  const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({ key: `r${i}`, texts: personalTexts.map((t) => fill(t, i)) }));

  // 1a. The shared parts once, then every recipient's own parts: video and captions only.
  const tail = await measure(async () => {
    const slots: PartSlot[] = [];
    for (const [index, part] of split.parts.entries())
      slots.push(
        part.personal
          ? { personal: true }
          : { shared: await renderSharedPart({ ...look(join(root, 'tail')), script: part.text, index, count: split.parts.length }) },
      );
    return slots;
  });
  const parts = tail.result;
  const sharedFiles = parts.flatMap((p) => ('shared' in p ? [p.shared] : []));
  const tailBytes = sharedFiles.reduce((n, p) => n + statSync(p.videoPath).size, 0);
  console.log(
    `shared parts (${sharedFiles.reduce((n, p) => n + p.durationSec, 0).toFixed(1)} s): ${s2(tail.seconds)} wall, ${tail.cpu.toFixed(1)} CPU s, ${kb(tailBytes)}`,
  );
  const videos = await measure(() => renderRecipients({ ...look(join(root, 'heads')), parts, recipients, concurrency: WORKERS }));
  const total = tail.seconds + videos.seconds;
  const totalCpu = tail.cpu + videos.cpu;
  const duration = median(videos.result.map((o) => o.durationSec));
  console.log(
    `${RECIPIENTS} recipients' parts joined (video + captions): ${s2(videos.seconds)} wall, ${videos.cpu.toFixed(1)} CPU s; with the shared part ${s2(total)} → ${s2(total / RECIPIENTS)} per recipient (${(totalCpu / RECIPIENTS).toFixed(2)} CPU s)`,
  );

  // 1b. The same with the e-mail images (poster + GIF), as the app renders them.
  const withImages = await measure(() =>
    renderRecipients({
      ...look(join(root, 'heads-images')),
      parts,
      concurrency: WORKERS,
      recipients: recipients.map((r, i) => ({ ...r, overlay: { headline: `${nameOf(i)}, this video is for you`, cta: 'Watch your video' } })),
    }),
  );
  const totalImages = tail.seconds + withImages.seconds;
  const totalImagesCpu = tail.cpu + withImages.cpu;
  console.log(
    `${RECIPIENTS} recipients' parts joined + poster + GIF: ${s2(withImages.seconds)} wall, ${withImages.cpu.toFixed(1)} CPU s; with the shared part ${s2(totalImages / RECIPIENTS)} per recipient (${(totalImagesCpu / RECIPIENTS).toFixed(2)} CPU s)`,
  );

  // 2. Full renders of the same script (each with its JPEG thumbnail).
  const full = { seconds: [] as number[], cpu: [] as number[], bytes: [] as number[] };
  for (let i = 0; i < FULL; i++) {
    const r = await measure(() => renderTalkingVideo({ ...look(join(root, `full-${i}`)), script: fill(SCRIPT, i) }));
    full.seconds.push(r.seconds);
    full.cpu.push(r.cpu);
    full.bytes.push(statSync(r.result.videoPath).size);
    console.log(
      `  full render ${i + 1}: ${s2(r.seconds)} wall, ${r.cpu.toFixed(1)} CPU s, ${r.result.durationSec.toFixed(1)} s of video, ${kb(full.bytes.at(-1)!)}`,
    );
  }
  const fullEach = median(full.seconds);
  const fullCpu = median(full.cpu);
  console.log(`full render: median ${s2(fullEach)} wall, ${fullCpu.toFixed(1)} CPU s → ${RECIPIENTS} × ≈ ${s2(fullEach * RECIPIENTS)}`);
  console.log(
    `PER-RECIPIENT RENDER COST (~${duration.toFixed(0)} s, 720p): ${s2(total / RECIPIENTS)} vs ${s2(fullEach)} full → speed-up ${(fullEach / (total / RECIPIENTS)).toFixed(1)}× wall, ${(fullCpu / (totalCpu / RECIPIENTS)).toFixed(1)}× CPU (goal ≥ 6×); ` +
      `with poster + GIF ${s2(totalImages / RECIPIENTS)} → ${(fullEach / (totalImages / RECIPIENTS)).toFixed(1)}× wall, ${(fullCpu / (totalImagesCpu / RECIPIENTS)).toFixed(1)}× CPU`,
  );

  // 3. Storage and the GIF.
  const own = median(videos.result.map((o) => o.partBytes));
  const vtt = median(videos.result.map((o) => statSync(o.captionsPath!).size));
  const fullBytes = median(full.bytes);
  // The shared part is stored once per send: each recipient carries a 1/N share of it.
  const share = tailBytes / RECIPIENTS;
  const perRecipient = own + vtt + share;
  console.log(
    `STORAGE PER RECIPIENT (video + captions): own bytes ${kb(own)} + captions ${kb(vtt)} + 1/${RECIPIENTS} of the shared part ${kb(share)} = ${kb(perRecipient)} vs full render ${kb(fullBytes)} → ${((perRecipient / fullBytes) * 100).toFixed(1)} % (goal ≤ 15 %)`,
  );
  const gifs = withImages.result.map((o) => o.gifBytes ?? 0);
  const posters = withImages.result.map((o) => statSync(o.posterPath!).size);
  const times = withImages.result.map((o) => o.thumbnailSec ?? 0);
  console.log(
    `GIF THUMBNAIL: median ${kb(median(gifs))}, max ${kb(Math.max(...gifs))} (limit 1024 KB); poster JPEG median ${kb(median(posters))}; poster + GIF render median ${s2(median(times))} per recipient (one ffmpeg run, ${availableParallelism()} at a time)`,
  );
  console.log(
    `STORAGE WITH THE IMAGES: ${kb(perRecipient + median(gifs) + median(posters))} = ${(((perRecipient + median(gifs) + median(posters)) / fullBytes) * 100).toFixed(1)} % of a full render (goal ≤ 25 %)`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
