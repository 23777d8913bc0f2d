/** A phoneme as eSpeak reports it, with stress split off the IPA symbol and an end time. */
export interface PhonemeTiming {
  /** IPA without stress marks (`ɑː`, `f`, `oʊ`). */
  ipa: string;
  /** 1 = primary stress (ˈ), 2 = secondary (ˌ), 0 = none. */
  stress: 0 | 1 | 2;
  startSec: number;
  endSec: number;
}

/**
 * eSpeak's phoneme events carry only a start; each ends where the next begins, or at the end of its
 * clause (eSpeak marks the end of speech with empty-id events), so pauses stay pauses.
 */
export function phonemeTimeline(events: { id: string; ms: number }[], clauseEndsMs: number[], durationSec: number): PhonemeTiming[] {
  const ends = [...clauseEndsMs].sort((a, b) => a - b);
  const sorted = [...events].sort((a, b) => a.ms - b.ms);
  const out: PhonemeTiming[] = [];
  for (const [i, e] of sorted.entries()) {
    const ipa = e.id.replace(/[ˈˌ]/g, '').trim();
    if (!ipa) continue;
    const next = sorted[i + 1];
    const clauseEnd = ends.find((end) => end > e.ms) ?? durationSec * 1000;
    const endMs = Math.min(next ? next.ms : clauseEnd, clauseEnd, durationSec * 1000);
    if (endMs <= e.ms) continue;
    out.push({ ipa, stress: e.id.includes('ˈ') ? 1 : e.id.includes('ˌ') ? 2 : 0, startSec: e.ms / 1000, endSec: endMs / 1000 });
  }
  return out;
}

/** Scales a timeline onto new word boundaries: each phoneme keeps its relative place inside its word. */
export function retimePhonemes(
  phonemes: PhonemeTiming[],
  from: { startSec: number; endSec: number }[],
  to: { startSec: number; endSec: number }[],
): PhonemeTiming[] {
  if (from.length === 0 || from.length !== to.length) return phonemes;
  const map = (t: number): number => {
    // Piecewise-linear through the word starts and ends (and the origin).
    const xs: number[] = [0];
    const ys: number[] = [0];
    for (const [i, f] of from.entries()) {
      const g = to[i] as { startSec: number; endSec: number };
      if (f.startSec > (xs.at(-1) as number) && g.startSec >= (ys.at(-1) as number)) xs.push(f.startSec), ys.push(g.startSec);
      if (f.endSec > (xs.at(-1) as number) && g.endSec >= (ys.at(-1) as number)) xs.push(f.endSec), ys.push(g.endSec);
    }
    let k = 1;
    while (k < xs.length - 1 && (xs[k] as number) < t) k++;
    const x0 = xs[k - 1] as number;
    const x1 = xs[k] ?? x0 + 1;
    const y0 = ys[k - 1] as number;
    const y1 = ys[k] ?? y0 + (x1 - x0);
    return y0 + ((t - x0) * (y1 - y0)) / Math.max(1e-6, x1 - x0);
  };
  return phonemes.map((p) => ({ ...p, startSec: round(map(p.startSec)), endSec: round(Math.max(map(p.endSec), map(p.startSec) + 0.005)) }));
}

function round(sec: number): number {
  return Math.round(sec * 10000) / 10000;
}
