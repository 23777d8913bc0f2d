// A small structured logger: one JSON line per event. Never pass secrets in `data`.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof LEVELS;

export type Logger = {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
};

/**
 * An error as log fields a person can read: its message, name and code, and the cause or the
 * errors inside it. `String(e)` printed "[object Object]" for the plain objects pg-boss emits
 * (issue 25); everything here is cut short so that no log line grows without bound.
 */
export function errorDetails(e: unknown, depth = 0): Record<string, unknown> {
  const short = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : v);
  if (e === null || e === undefined || typeof e !== 'object') return { error: String(e).slice(0, 500) };
  const o = e as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const message = typeof o.message === 'string' ? o.message : undefined;
  out.error = message !== undefined ? short(message) : e instanceof Error ? e.name : safeJson(e);
  if (e instanceof Error && e.name !== 'Error') out.errorName = e.name;
  for (const k of ['code', 'severity', 'detail', 'queue', 'name', 'worker']) {
    if (k === 'name' && e instanceof Error) continue;
    if (typeof o[k] === 'string' || typeof o[k] === 'number') out[k === 'name' ? 'errorName' : k] = short(o[k]);
  }
  if (depth < 2 && o.cause !== undefined) out.cause = errorDetails(o.cause, depth + 1).error;
  if (depth < 2 && Array.isArray(o.errors)) out.errors = o.errors.slice(0, 5).map((x) => errorDetails(x, depth + 1).error);
  return out;
}

function safeJson(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, 500);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

export function createLogger(level: LogLevel = 'info', sink: (line: string) => void = console.log): Logger {
  const min = LEVELS[level];
  const at = (lvl: LogLevel) => (msg: string, data?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return;
    sink(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...data }));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
