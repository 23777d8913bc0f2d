// Request body caps by route; anything larger is refused with 413 before it is read.
const MB = 1024 * 1024;
export const MAX_BODY = 60 * MB;

const RULES: [RegExp, number, string][] = [
  [/^\/api\/users\/[^/]+\/avatar$/, 5 * MB + 64 * 1024, 'Image must be 5MB or smaller'],
  [/^\/api\/users\/[^/]+\/logo$/, 2 * MB + 64 * 1024, 'Logo must be 2MB or smaller'],
  [/^\/api\/avatars\/upload$/, 10 * MB + 64 * 1024, 'File must be 10MB or smaller'],
  [/^\/api\/backgrounds\/upload$/, 10 * MB + 64 * 1024, 'File must be 10MB or smaller'],
  // A voice recording's own cap is 40 MB of takes (generation/schemas.ts RECORDING_LIMITS); the rest is framing.
  [/^\/api\/voice-recordings$/, 40 * MB + 256 * 1024, 'A recording must be 40MB or smaller'],
  // The import's own cap is 20 MB of CSV (contacts/schemas.ts MAX_IMPORT_BYTES); the rest is multipart framing.
  [/^\/api\/contact-lists\/[^/]+\/import$/, 20 * MB + 64 * 1024, 'CSV file must be 20MB or smaller'],
];

export function bodyLimitFor(pathname: string): { limit: number; message: string } {
  for (const [re, limit, message] of RULES) if (re.test(pathname)) return { limit, message };
  return { limit: 1 * MB, message: 'Request body too large' };
}
