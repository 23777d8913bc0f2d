// Asks each target URL one request after another (a short pause between) until stdin closes, then
// prints one JSON line: per target, the count, p50, p99 and max in ms, and the non-200 answers.
// Its own process, so that the bench's own work does not delay its clock.
// Usage: bun bench/lib/latency-probe.ts '<json [{ name, url, cookie? }]>' [pauseMs]
export {};
type Target = { name: string; url: string; cookie?: string };
const targets = JSON.parse(process.argv[2] ?? '[]') as Target[];
const pauseMs = Number(process.argv[3] ?? 20);
let stop = false;
void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // Input is only a signal: reading to the end means the parent closed it.
  }
  stop = true;
})();
const results: Record<string, { n: number; p50: number; p99: number; max: number; errors: number }> = {};
await Promise.all(
  targets.map(async (t) => {
    const latencies: number[] = [];
    let errors = 0;
    while (!stop) {
      const started = performance.now();
      try {
        const res = await fetch(t.url, { headers: t.cookie ? { cookie: t.cookie } : {} });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
      await Bun.sleep(pauseMs);
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    results[t.name] = { n: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0, errors };
  }),
);
console.log(JSON.stringify(results));
