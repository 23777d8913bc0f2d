// Asks a GET URL (csv-health: /api/health/live) one request after another (a 5 ms pause between) until its stdin closes,
// then prints the latencies' p50, p99 and max as one JSON line. Its own process, so that the
// bench's uploads do not delay its clock.
export {};
const [url] = process.argv.slice(2);
const latencies: number[] = [];
let stop = false;
void (async () => {
  for await (const _ of Bun.stdin.stream()) {
    // Input is only a signal: reading to the end means the parent closed it.
  }
  stop = true;
})();
while (!stop) {
  const t = performance.now();
  const res = await fetch(url!);
  await res.arrayBuffer();
  latencies.push(performance.now() - t);
  await Bun.sleep(5);
}
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(JSON.stringify({ n: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] ?? 0 }));
