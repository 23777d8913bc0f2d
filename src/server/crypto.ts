/**
 * Encryption at rest for values that grant access (provider account ids, connection tokens):
 * AES-256-GCM through WebCrypto, a fresh 96-bit IV per value, optional associated data that
 * binds a ciphertext to its row (a value copied to another user's row no longer decrypts).
 * Keys are derived with HKDF-SHA256 from the app's ENCRYPTION_KEY (or the generated secret),
 * one per purpose, so the raw secret is never used directly.
 */
export type SecretBox = {
  encrypt(plain: string, aad?: string): Promise<string>;
  decrypt(token: string, aad?: string): Promise<string>;
  /** Keyed hash (HMAC-SHA256, hex) for looking a secret value up without storing it. */
  mac(value: string, purpose: string): Promise<string>;
};

const VERSION = 'v1';
const enc = new TextEncoder();
const dec = new TextDecoder();

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const unb64url = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));

async function derive(material: CryptoKey, info: string, usage: 'aes' | 'hmac'): Promise<CryptoKey> {
  const params = { name: 'HKDF', hash: 'SHA-256', salt: enc.encode('avatar-studio'), info: enc.encode(info) };
  if (usage === 'aes') return crypto.subtle.deriveKey(params, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return crypto.subtle.deriveKey(params, material, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']);
}

export function createSecretBox(keyMaterial: string): SecretBox {
  if (keyMaterial.length < 16) throw new Error('Encryption key material is too short');
  const keys = (async () => {
    const material = await crypto.subtle.importKey('raw', enc.encode(keyMaterial), 'HKDF', false, ['deriveKey']);
    return { aes: await derive(material, 'aes-256-gcm/v1', 'aes'), hmac: await derive(material, 'hmac-sha256/v1', 'hmac') };
  })();

  return {
    async encrypt(plain, aad) {
      const { aes } = await keys;
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const params: AesGcmParams = { name: 'AES-GCM', iv, ...(aad ? { additionalData: enc.encode(aad) } : {}) };
      const ct = new Uint8Array(await crypto.subtle.encrypt(params, aes, enc.encode(plain)));
      return `${VERSION}.${b64url(iv)}.${b64url(ct)}`;
    },
    async decrypt(token, aad) {
      const { aes } = await keys;
      const [version, iv, ct] = token.split('.');
      if (version !== VERSION || !iv || !ct) throw new Error('Unrecognised ciphertext');
      const params: AesGcmParams = { name: 'AES-GCM', iv: unb64url(iv), ...(aad ? { additionalData: enc.encode(aad) } : {}) };
      // Throws (OperationError) when the key, the associated data or the bytes differ.
      return dec.decode(await crypto.subtle.decrypt(params, aes, unb64url(ct)));
    },
    async mac(value, purpose) {
      const { hmac } = await keys;
      const sig = await crypto.subtle.sign('HMAC', hmac, enc.encode(`${purpose}\u0000${value}`));
      return Buffer.from(sig).toString('hex');
    },
  };
}

/** Constant-time comparison of two strings (webhook secrets, tokens). */
export function safeEqual(a: string, b: string): boolean {
  const x = enc.encode(a);
  const y = enc.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
