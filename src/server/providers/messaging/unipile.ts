import {
  MessagingError,
  type AccountEvent,
  type AccountStatus,
  type Checkpoint,
  type ConnectResult,
  type MessagingPlatform,
  type MessagingProvider,
  type ProviderAccount,
  type ProviderContact,
} from './types';

// Unipile's documented v1 API (developer.unipile.com): base URL = the account's DSN, header X-API-KEY.
// POST /api/v1/hosted/accounts/link        hosted auth wizard link (notify_url gets { status, account_id, name })
// POST /api/v1/accounts                    native auth: LinkedIn credentials, WhatsApp (QR code checkpoint)
// POST /api/v1/accounts/checkpoint         solve a 2FA / OTP checkpoint
// GET  /api/v1/accounts[/{id}]             accounts and their sources' status
// DELETE /api/v1/accounts/{id}
// GET  /api/v1/users/relations             LinkedIn relations; GET /api/v1/chat_attendees for others
// GET  /api/v1/users/{identifier}          profile (LinkedIn public identifier → provider_id)
// POST /api/v1/chats (multipart)           start a chat: account_id, attendees_ids, text

const TO_UNIPILE: Record<MessagingPlatform, string> = {
  linkedin: 'LINKEDIN',
  whatsapp: 'WHATSAPP',
  instagram: 'INSTAGRAM',
  twitter: 'TWITTER',
  google: 'GOOGLE',
  outlook: 'OUTLOOK',
  facebook: 'MESSENGER',
};

export function platformOf(type: string | undefined | null): MessagingPlatform | null {
  const t = (type ?? '').toUpperCase();
  if (t === 'LINKEDIN') return 'linkedin';
  if (t === 'WHATSAPP') return 'whatsapp';
  if (t === 'INSTAGRAM') return 'instagram';
  if (t === 'TWITTER') return 'twitter';
  if (t === 'MESSENGER') return 'facebook';
  if (t.startsWith('GOOGLE') || t === 'GMAIL') return 'google';
  if (t.startsWith('OUTLOOK') || t.startsWith('MICROSOFT')) return 'outlook';
  return null;
}

/** Unipile's status words (account sources, account-status webhook) in our vocabulary. */
export function statusOf(word: string | undefined | null): AccountStatus {
  switch ((word ?? '').toUpperCase()) {
    case 'OK':
    case 'SYNC_SUCCESS':
    case 'CREATION_SUCCESS':
    case 'RECONNECTED':
    case 'RUNNING':
      return 'active';
    case 'CONNECTING':
      return 'pending';
    case 'CREDENTIALS':
    case 'PERMISSIONS':
    case 'DELETED':
    case 'DISCONNECTED':
      return 'disconnected';
    default:
      return 'error';
  }
}

type UnipileAccount = { id: string; type?: string; name?: string; sources?: { id?: string; status?: string }[] };

function toAccount(a: UnipileAccount): ProviderAccount | null {
  const platform = platformOf(a.type);
  if (!platform || !a.id) return null;
  const words = (a.sources ?? []).map((s) => s.status ?? '');
  // The worst source decides: one source needing credentials means the account does.
  const order: AccountStatus[] = ['disconnected', 'error', 'pending', 'active'];
  const status = words.length ? order.find((s) => words.some((w) => statusOf(w) === s))! : 'active';
  return { id: a.id, platform, name: a.name ?? '', status, providerStatus: words.join(',') || undefined };
}

function toCheckpoint(body: { checkpoint?: { type?: string; qrcode?: string }; qrcode?: string; object?: string }): Checkpoint {
  const type = (body.checkpoint?.type ?? (body.object === 'QrCode' ? 'QRCODE' : '2FA')).toUpperCase() as Checkpoint['type'];
  const qrcode = body.checkpoint?.qrcode ?? body.qrcode;
  return qrcode ? { type, qrcode } : { type };
}

/** "https://www.linkedin.com/in/jane-doe-123/" → "jane-doe-123"; other values unchanged. */
export function linkedinIdentifier(value: string): string {
  const m = value.match(/linkedin\.com\/in\/([^/?#]+)/i);
  return m ? decodeURIComponent(m[1]) : value.trim();
}

export const whatsappAttendee = (phone: string) => `${phone.replace(/[^0-9]/g, '')}@s.whatsapp.net`;

export function createUnipileMessaging(opts: { dsn: string; apiKey: string; fetch?: typeof fetch; timeoutMs?: number }): MessagingProvider {
  const base = opts.dsn.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 20_000;

  async function call<T>(
    method: string,
    path: string,
    init: { json?: unknown; form?: FormData; query?: Record<string, string | undefined> } = {},
  ): Promise<{ status: number; body: T }> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = { 'X-API-KEY': opts.apiKey, accept: 'application/json' };
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    let res: Response;
    try {
      res = await doFetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new MessagingError(`Unipile is unreachable: ${(e as Error).name === 'TimeoutError' ? 'timed out' : (e as Error).message}`, undefined, true);
    }
    const text = await res.text();
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) {
      // Unipile errors: { title, detail, type: "errors/…", status }. The message never echoes our request.
      const detail = parsed?.detail ?? parsed?.title ?? parsed?.message ?? (res.statusText || `HTTP ${res.status}`);
      throw new MessagingError(`Unipile: ${detail}`, res.status, res.status === 429 || res.status >= 500);
    }
    return { status: res.status, body: parsed as T };
  }

  async function connectResult(status: number, body: any, fallbackName: string, platform: MessagingPlatform): Promise<ConnectResult> {
    const id = body?.account_id as string | undefined;
    if (!id) throw new MessagingError('Unipile answered without an account id', status);
    if (status === 202 || body?.object === 'Checkpoint' || body?.object === 'QrCode')
      return { status: 'checkpoint', accountId: id, checkpoint: toCheckpoint(body) };
    const account = await provider.getAccount(id).catch(() => null);
    return { status: 'connected', account: account ?? { id, platform, name: fallbackName, status: 'active' } };
  }

  const provider: MessagingProvider = {
    name: 'unipile',
    sandbox: false,

    async createAuthLink(input) {
      const { body } = await call<{ url?: string }>('POST', '/api/v1/hosted/accounts/link', {
        json: {
          type: 'create',
          providers: input.platform ? [TO_UNIPILE[input.platform]] : '*',
          api_url: base,
          // Unipile wants milliseconds and Z: 2025-12-31T23:59:59.999Z.
          expiresOn: input.expiresAt.toISOString(),
          success_redirect_url: input.successUrl,
          failure_redirect_url: input.failureUrl,
          notify_url: input.notifyUrl,
          name: input.requestId,
        },
      });
      if (!body?.url) throw new MessagingError('Unipile answered without a link');
      return { url: body.url };
    },

    async connectLinkedIn({ username, password }) {
      const { status, body } = await call('POST', '/api/v1/accounts', { json: { provider: 'LINKEDIN', username, password } });
      return connectResult(status, body, username, 'linkedin');
    },

    async solveCheckpoint({ accountId, platform, code }) {
      const { status, body } = await call('POST', '/api/v1/accounts/checkpoint', { json: { provider: TO_UNIPILE[platform], account_id: accountId, code } });
      return connectResult(status, body, '', platform);
    },

    async connectWhatsApp({ phoneNumber }) {
      // WhatsApp links by scanning a QR code with the phone; the number names the account meanwhile.
      const { status, body } = await call('POST', '/api/v1/accounts', { json: { provider: 'WHATSAPP' } });
      return connectResult(status, body, phoneNumber, 'whatsapp');
    },

    async getAccount(id) {
      try {
        const { body } = await call<UnipileAccount>('GET', `/api/v1/accounts/${encodeURIComponent(id)}`);
        return toAccount(body);
      } catch (e) {
        if (e instanceof MessagingError && e.status === 404) return null;
        throw e;
      }
    },

    async listAccounts() {
      const out: ProviderAccount[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 50; page++) {
        const { body } = await call<{ items?: UnipileAccount[]; cursor?: string | null }>('GET', '/api/v1/accounts', { query: { limit: '250', cursor } });
        for (const a of body?.items ?? []) {
          const acc = toAccount(a);
          if (acc) out.push(acc);
        }
        if (!body?.cursor) break;
        cursor = body.cursor;
      }
      return out;
    },

    async deleteAccount(id) {
      try {
        await call('DELETE', `/api/v1/accounts/${encodeURIComponent(id)}`);
      } catch (e) {
        if (!(e instanceof MessagingError && e.status === 404)) throw e;
      }
    },

    async listContacts({ accountId, platform, limit = 1000 }) {
      const out: ProviderContact[] = [];
      let cursor: string | undefined;
      const path = platform === 'linkedin' ? '/api/v1/users/relations' : '/api/v1/chat_attendees';
      while (out.length < limit) {
        const { body } = await call<{ items?: any[]; cursor?: string | null }>('GET', path, {
          query: { account_id: accountId, limit: String(Math.min(250, limit - out.length)), cursor },
        });
        for (const it of body?.items ?? []) {
          if (platform === 'linkedin') {
            const providerId = it.member_id ?? it.provider_id ?? it.public_identifier;
            if (!providerId) continue;
            out.push({
              providerId: String(providerId),
              name: [it.first_name, it.last_name].filter(Boolean).join(' ') || it.public_identifier || 'LinkedIn member',
              headline: it.headline ?? null,
              profileUrl: it.public_profile_url ?? (it.public_identifier ? `https://www.linkedin.com/in/${it.public_identifier}` : null),
              profilePictureUrl: it.profile_picture_url ?? null,
              phone: null,
            });
          } else {
            if (it.is_self) continue;
            const providerId = it.provider_id ?? it.id;
            if (!providerId) continue;
            const phone = platform === 'whatsapp' && /@s\.whatsapp\.net$/.test(providerId) ? `+${providerId.split('@')[0]}` : null;
            out.push({
              providerId: String(providerId),
              name: it.name || phone || 'Contact',
              headline: null,
              profileUrl: it.profile_url ?? null,
              profilePictureUrl: it.picture_url ?? null,
              phone,
            });
          }
        }
        if (!body?.cursor || !(body.items ?? []).length) break;
        cursor = body.cursor;
      }
      return out.slice(0, limit);
    },

    async send({ accountId, platform, to, text }) {
      let attendee: string | undefined;
      if (platform === 'whatsapp') attendee = to.phone ? whatsappAttendee(to.phone) : to.providerId;
      else if (to.providerId) attendee = to.providerId;
      else if (to.profileUrl) {
        // A public profile URL or identifier is resolved to the member's provider id first.
        const { body } = await call<{ provider_id?: string }>('GET', `/api/v1/users/${encodeURIComponent(linkedinIdentifier(to.profileUrl))}`, {
          query: { account_id: accountId },
        });
        attendee = body?.provider_id;
      }
      if (!attendee) throw new MessagingError('No recipient to send to', 400);
      const form = new FormData();
      form.append('account_id', accountId);
      form.append('text', text);
      form.append('attendees_ids', attendee);
      const { body } = await call<{ chat_id?: string; message_id?: string }>('POST', '/api/v1/chats', { form });
      return { messageId: body?.message_id ?? body?.chat_id ?? '', chatId: body?.chat_id ?? null };
    },

    parseWebhook(raw) {
      const b = raw as any;
      if (!b || typeof b !== 'object') return null;
      // Hosted auth notify_url: { status: "CREATION_SUCCESS" | "RECONNECTED", account_id, name }.
      if (typeof b.account_id === 'string' && typeof b.status === 'string') {
        if (b.status === 'CREATION_SUCCESS' || b.status === 'RECONNECTED')
          return { kind: 'connected', accountId: b.account_id, requestId: typeof b.name === 'string' ? b.name : null, platform: null, name: null };
        return { kind: 'status', accountId: b.account_id, status: statusOf(b.status), providerStatus: b.status };
      }
      // Account status webhook: { AccountStatus: { account_id, account_type, message } }.
      const s = b.AccountStatus;
      if (s && typeof s.account_id === 'string' && typeof s.message === 'string') {
        if (s.message === 'CREATION_SUCCESS' || s.message === 'RECONNECTED')
          return { kind: 'connected', accountId: s.account_id, requestId: null, platform: platformOf(s.account_type), name: null };
        return { kind: 'status', accountId: s.account_id, status: statusOf(s.message), providerStatus: s.message };
      }
      return null;
    },
  };
  return provider;
}

export type { AccountEvent };
