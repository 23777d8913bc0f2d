import { createHash, createHmac } from 'node:crypto';

// Standard Webhooks (standardwebhooks.com, the scheme Svix and others use): the secret is
// `whsec_` + base64 of random bytes; the key is those bytes; each attempt sends
//   webhook-id: the event's id (the same on every retry: the receiver's idempotency key)
//   webhook-timestamp: the attempt's time in Unix seconds
//   webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>
// docs/decisions/163-webhooks.md.

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64');
}

/**
 * What the screen shows to tell secrets apart: the first 8 hex digits of the secret's SHA-256.
 * Unlike the secret's first characters (shown before issue 25), it reveals nothing of the key.
 */
export function secretFingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 8);
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt. */
export function signedHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, id, timestamp, body),
  };
}
