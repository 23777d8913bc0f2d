// A small structured logger: one JSON line per event. Never pass secrets in `data`.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof LEVELS;

export type Logger = {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
};

export function createLogger(level: LogLevel = 'info', sink: (line: string) => void = console.log): Logger {
  const min = LEVELS[level];
  const at = (lvl: LogLevel) => (msg: string, data?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return;
    sink(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...data }));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
