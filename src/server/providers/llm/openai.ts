// Any OpenAI-compatible chat API: OpenAI itself, Ollama (http://localhost:11434/v1),
// LM Studio, vLLM, OpenRouter… One POST {baseUrl}/chat/completions per request.
// Failures become AppErrors with a readable message; the API key never appears in one.
import { AppError } from '../../http/app-error';
import type { VendorConnection } from '../connection';
import { generatePrompt, improvePrompt, inspirePrompt, messagePrompt, type ChatPrompt } from './prompts';
import type { LlmProvider } from './types';

export type OpenAiLlmOptions = VendorConnection & {
  /** Up to and including the version segment, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  /** Optional: Ollama and most local servers need none. */
  apiKey?: string;
  model?: string;
};

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 30_000;

export function createOpenAiLlm(opts: OpenAiLlmOptions): LlmProvider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const model = opts.model || DEFAULT_OPENAI_MODEL;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = opts.fetch ?? fetch;
  const redact = (s: string) => {
    let out = s.replace(/\b(sk|pk|rk)-[A-Za-z0-9_*.-]{6,}/g, '***').replace(/Bearer\s+\S+/gi, 'Bearer ***');
    if (opts.apiKey) out = out.split(opts.apiKey).join('***');
    return out;
  };

  async function complete(prompt: ChatPrompt, temperature: number): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
    const body = JSON.stringify({
      model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      temperature,
      max_tokens: 2048,
      stream: false,
    });
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
      text = await res.text();
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new AppError('UNAVAILABLE', `The AI service did not answer within ${Math.round(timeoutMs / 100) / 10} seconds`);
      throw new AppError('UNAVAILABLE', `The AI service at ${new URL(url).origin} could not be reached`);
    }
    if (!res.ok) throw httpError(res.status, vendorMessage(text), model, redact);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new AppError('UNAVAILABLE', 'The AI service returned an unexpected response (not JSON)');
    }
    const content = (data as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new AppError('UNAVAILABLE', 'The AI service returned an unexpected response (no message in choices)');
    const cleaned = cleanCompletion(content);
    if (!cleaned) throw new AppError('UNAVAILABLE', 'The AI service returned an empty text');
    return cleaned;
  }

  return {
    name: 'openai',
    generateScript: (req) => complete(generatePrompt(req), 0.7),
    improveScript: (req) => complete(improvePrompt(req), 0.4),
    inspireScript: (req) => complete(inspirePrompt(req), 0.9),
    inspireMessage: (req) => complete(messagePrompt(req), 0.7),
  };
}

function vendorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof m === 'string' && m.trim()) return m.trim();
  } catch {}
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain ? plain : undefined;
}

function httpError(status: number, message: string | undefined, model: string, redact: (s: string) => string): AppError {
  const detail = message ? `: ${redact(message).slice(0, 200)}` : '';
  if (status === 401 || status === 403) return new AppError('INTERNAL', `The AI service refused the API key (HTTP ${status}); check OPENAI_API_KEY`);
  if (status === 404)
    return new AppError(
      'INTERNAL',
      `The AI service does not know model "${model}" or the address is wrong (HTTP 404); check OPENAI_MODEL and OPENAI_BASE_URL${detail}`,
    );
  if (status === 429) return new AppError('RATE_LIMITED', 'The AI service is busy (rate limit reached); please try again in a moment');
  if (status >= 500) return new AppError('UNAVAILABLE', `The AI service failed (HTTP ${status})${detail}`);
  return new AppError('INTERNAL', `The AI service refused the request (HTTP ${status})${detail}`);
}

/** Strips what chat models wrap around the answer: reasoning blocks, code fences, a label, quotes. */
export function cleanCompletion(content: string): string {
  let t = content.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fence = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(t);
  if (fence) t = fence[1].trim();
  t = t.replace(/^(\*\*)?(script|message|improved script|here is (the|your) [\w ]+)(\*\*)?\s*:\s*\n?/i, '').trim();
  const quoted = /^["“«]([\s\S]*)["”»]$/.exec(t);
  if (quoted && !/["“”«»]/.test(quoted[1])) t = quoted[1].trim();
  return t;
}
