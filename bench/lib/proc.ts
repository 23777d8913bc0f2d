import { readdirSync, readFileSync } from 'node:fs';

/** Sum of VmRSS over `root` and all its descendants (or only the descendants), in bytes. */
export function treeRss(root = process.pid, childrenOnly = false): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid) || (childrenOnly && pid === root)) continue;
    try {
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/** Samples the process tree's RSS every 40 ms until stop() returns the peak, in bytes. */
export function peakTreeRss(opts: { childrenOnly?: boolean } = {}): { stop(): number } {
  const sample = () => treeRss(process.pid, opts.childrenOnly);
  let peak = sample();
  const timer = setInterval(() => {
    peak = Math.max(peak, sample());
  }, 40);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, sample());
    },
  };
}

/** CPU seconds of this process plus its reaped children (eSpeak, ffmpeg, face detector). */
export function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}
