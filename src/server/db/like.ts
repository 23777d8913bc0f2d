/** ILIKE pattern for a literal substring (`%`, `_` and `\` match themselves). */
export function likePattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
