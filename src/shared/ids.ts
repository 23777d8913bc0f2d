// Random, URL-safe identifiers. 16 chars of base32 = 80 bits: unguessable enough
// for row ids; storage keys and tokens use newToken() with 160 bits.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function randomBase32(chars: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(chars));
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export const newId = () => randomBase32(16);
export const newToken = () => randomBase32(32);
