// PostgreSQL's unique_violation, from postgres-js and PGlite alike (drizzle may wrap it in `cause`).
export function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: string; cause?: unknown } | undefined, i = 0; err && i < 4; i++) {
    if (err.code === '23505') return true;
    err = err.cause as typeof err;
  }
  return false;
}
