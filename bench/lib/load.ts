export {};
// A load generator meant to run in its own process: N concurrent loops of
// fetch for a fixed time. Prints one JSON line with requests/s and latencies.
const [url, cookie, concurrencyArg, secondsArg] = process.argv.slice(2);
const concurrency = Number(concurrencyArg ?? 64);
const seconds = Number(secondsArg ?? 10);
const latencies: number[] = [];
let errors = 0;
const end = performance.now() + seconds * 1000;
const headers = { cookie };

async function loop() {
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t0);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, loop));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
console.log(JSON.stringify({ requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99) }));
