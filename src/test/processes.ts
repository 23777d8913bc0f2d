import { resolve } from 'node:path';

// The real entry points (src/app/main.ts, src/app/worker.ts) as child processes, for tests
// that run the app as it is deployed: several processes on one database (topology.test.ts).

const ENTRY = { app: resolve(import.meta.dir, '../app/main.ts'), worker: resolve(import.meta.dir, '../app/worker.ts') };

export type Child = {
  name: string;
  /** The app's base URL (apps only). */
  url: string;
  proc: ReturnType<typeof Bun.spawn>;
  /** The last lines the process wrote (stdout and stderr), for a failure's message. */
  tail(): string;
  /** SIGKILL (or the given signal), then waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/** A port free on loopback right now (for an address that must be known before the app starts). */
export function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = s.port as number;
  s.stop(true);
  return port;
}

/** Starts `bun src/app/main.ts` or `bun run worker` and resolves once it logs that it started. */
export async function startChild(opts: { name: string; kind: 'app' | 'worker'; env: Record<string, string>; timeoutMs?: number }): Promise<Child> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), ...opts.env };
  const proc = Bun.spawn(['bun', ENTRY[opts.kind]], { env, stdout: 'pipe', stderr: 'pipe' });
  const lines: string[] = [];
  const ready = opts.kind === 'app' ? '"server started"' : '"worker started"';
  let onReady: (line: string) => void = () => {};
  // Keep draining both pipes for the child's whole life, so it never blocks on a full pipe.
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of stream) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        if (lines.length > 200) lines.shift();
        if (line.includes(ready)) onReady(line);
      }
    }
  };
  void drain(proc.stdout as ReadableStream<Uint8Array>);
  void drain(proc.stderr as ReadableStream<Uint8Array>);
  const tail = () => `${opts.name}:\n${lines.slice(-30).join('\n')}`;
  const line = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${opts.name} did not start in time\n${tail()}`)), opts.timeoutMs ?? 60_000);
    onReady = (l) => {
      clearTimeout(timer);
      ok(l);
    };
    void proc.exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`${opts.name} exited before starting (code ${code})\n${tail()}`));
    });
  });
  return {
    name: opts.name,
    url: opts.kind === 'app' ? JSON.parse(line).url.replace('localhost', '127.0.0.1') : '',
    proc,
    tail,
    async kill(signal = 'SIGKILL') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await proc.exited;
    },
  };
}
