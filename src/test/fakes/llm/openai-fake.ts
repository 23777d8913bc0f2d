// A local stand-in for the OpenAI chat-completions API (POST /v1/chat/completions),
// shaped as OpenAI documents it; Ollama's OpenAI-compatible endpoint answers the same way.
// Tests switch its behaviour to exercise the adapter's error paths.

export type FakeMode =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; body: unknown }
  | { kind: 'malformed'; body: string }
  | { kind: 'slow'; delayMs: number };

export type FakeRequest = { path: string; authorization: string | null; body: any };

export type OpenAiFake = {
  /** Base URL including /v1, as OPENAI_BASE_URL would be set. */
  url: string;
  requests: FakeRequest[];
  mode: FakeMode;
  /** What the assistant answers; by default it echoes the start of the last user message. */
  reply: (body: any) => string;
  stop(): void;
};

export function startOpenAiFake(opts: { apiKey?: string } = {}): OpenAiFake {
  const fake: OpenAiFake = {
    url: '',
    requests: [],
    mode: { kind: 'ok' },
    reply: (body) => `Hi {first_name}! ${String(body.messages.at(-1)?.content ?? '').slice(0, 80)}`,
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const authorization = req.headers.get('authorization');
      let body: any = null;
      try {
        body = await req.json();
      } catch {}
      fake.requests.push({ path, authorization, body });
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return error(404, `Unknown request: ${req.method} ${path}`, 'invalid_request_error');
      if (opts.apiKey && authorization !== `Bearer ${opts.apiKey}`) {
        // OpenAI echoes a masked key in this message; the adapter must not pass even that on.
        const shown = authorization?.replace(/^Bearer\s+/, '') ?? '';
        return error(401, `Incorrect API key provided: ${shown.slice(0, 6)}***${shown.slice(-2)}.`, 'invalid_api_key');
      }
      const mode = fake.mode;
      if (mode.kind === 'status') return Response.json(mode.body, { status: mode.status });
      if (mode.kind === 'malformed') return new Response(mode.body, { headers: { 'content-type': 'application/json' } });
      if (mode.kind === 'slow') await Bun.sleep(mode.delayMs);
      if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0)
        return error(400, "'messages' and 'model' are required", 'invalid_request_error');
      return Response.json({
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: fake.reply(body) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    },
  });
  fake.url = `http://127.0.0.1:${server.port}/v1`;
  return fake;
}

function error(status: number, message: string, code: string) {
  return Response.json({ error: { message, type: code, param: null, code } }, { status });
}
