import {
  inboxOf,
  MESSAGING_PLATFORMS,
  MessagingError,
  type ConnectResult,
  type MessagingPlatform,
  type MessagingProvider,
  type ProviderAccount,
  type ProviderContact,
  type SandboxInbox,
} from './types';

/**
 * The offline messaging provider. Nothing leaves the machine:
 * - the authorisation link opens the app's own consent page (/sandbox/connect/<token>);
 * - accounts are derived from what the user typed (no registry: the app's profiles are the record);
 * - a LinkedIn username containing "2fa" asks for a code checkpoint (any 4–8 digit code), so the
 *   two-step path of the UI can be exercised;
 * - every message "sent" is filed in the sandbox inbox, where the user can read it;
 * - each account reaches a small, deterministic set of people, all labelled as sandbox contacts.
 */
export type SandboxMessagingProvider = MessagingProvider & {
  readonly sandbox: true;
  /** What the consent page's Allow does: the account the user just authorised. */
  authorize(input: { platform: MessagingPlatform; name: string }): ProviderAccount;
};

export const isSandboxMessaging = (p: MessagingProvider): p is SandboxMessagingProvider => p.sandbox && 'authorize' in p;

export function createSandboxMessaging(opts: { inbox: SandboxInbox }): SandboxMessagingProvider {
  const { inbox } = opts;

  const accountId = (platform: MessagingPlatform, name: string) => `sbx.${platform}.${Buffer.from(name, 'utf8').toString('base64url')}`;

  function decode(id: string): ProviderAccount | null {
    const [prefix, platform, name] = id.split('.');
    if (prefix !== 'sbx' || !name || !(MESSAGING_PLATFORMS as readonly string[]).includes(platform)) return null;
    const decoded = Buffer.from(name, 'base64url').toString('utf8');
    if (!decoded) return null;
    return { id, platform: platform as MessagingPlatform, name: decoded, status: 'active', providerStatus: 'SANDBOX' };
  }

  const connected = (platform: MessagingPlatform, name: string): ConnectResult => ({
    status: 'connected',
    account: { id: accountId(platform, name), platform, name, status: 'active', providerStatus: 'SANDBOX' },
  });

  return {
    name: 'sandbox',
    sandbox: true,

    authorize({ platform, name }) {
      const r = connected(platform, name.trim());
      if (r.status !== 'connected') throw new Error('unreachable');
      return r.account;
    },

    async createAuthLink({ token }) {
      return { url: `/sandbox/connect/${encodeURIComponent(token)}` };
    },

    async connectLinkedIn({ username }) {
      const name = username.trim();
      if (/2fa/i.test(name)) return { status: 'checkpoint', accountId: accountId('linkedin', name), checkpoint: { type: '2FA' } };
      return connected('linkedin', name);
    },

    async solveCheckpoint({ accountId: id, code }) {
      const account = decode(id);
      if (!account) throw new MessagingError('Unknown account', 404);
      if (!/^\d{4,8}$/.test(code.trim())) throw new MessagingError('Invalid verification code', 400);
      return connected(account.platform, account.name);
    },

    async connectWhatsApp({ phoneNumber }) {
      return connected('whatsapp', phoneNumber.trim());
    },

    async getAccount(id) {
      return decode(id);
    },

    async listAccounts() {
      return [];
    },

    async deleteAccount() {},

    async listContacts({ accountId: id, limit = SANDBOX_CONTACTS }) {
      const account = decode(id);
      if (!account) throw new MessagingError('Unknown account', 404);
      return sandboxContacts(account).slice(0, limit);
    },

    async send(input) {
      const { accountId: id, platform, to, text, reference } = input;
      const account = decode(id);
      if (!account) throw new MessagingError('Unknown account', 404);
      if (!text.trim()) throw new MessagingError('The message is empty', 400);
      const recipient = platform === 'whatsapp' ? (to.phone ?? to.providerId) : (to.providerId ?? to.profileUrl ?? to.phone);
      if (!recipient) throw new MessagingError(platform === 'whatsapp' ? 'A phone number is required' : 'A recipient is required', 400);
      const { id: messageId } = await inbox.record({
        ...inboxOf(input),
        channel: platform,
        to: recipient,
        from: account.name,
        subject: null,
        text,
        html: null,
        meta: { provider: 'sandbox', accountName: account.name, ...(reference ? { reference } : {}) },
      });
      return { messageId, chatId: `sbx-chat-${platform}-${Buffer.from(recipient).toString('base64url').slice(0, 40)}` };
    },

    parseWebhook() {
      return null;
    },
  };
}

export const SANDBOX_CONTACTS = 8;

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Tim', 'Radia', 'Dennis', 'Barbara', 'Ken', 'Frances'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Torvalds', 'Hamilton', 'Berners-Lee', 'Perlman', 'Ritchie', 'Liskov', 'Thompson', 'Allen'];
const ROLES = ['Head of Sales', 'Marketing Director', 'Founder', 'Recruiter', 'Customer Success Lead', 'CTO', 'Product Manager', 'Operations Manager'];
const COMPANIES = ['Northwind', 'Contoso', 'Initech', 'Globex', 'Umbrella Labs', 'Stark Studio', 'Wayne Media', 'Acme'];

/** FNV-1a: a stable small hash, so an account always reaches the same people. */
function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function sandboxContacts(account: ProviderAccount): ProviderContact[] {
  const seed = fnv(account.id);
  const out: ProviderContact[] = [];
  for (let i = 0; i < SANDBOX_CONTACTS; i++) {
    const h = fnv(`${seed}:${i}`);
    const first = FIRST[(h >>> 0) % FIRST.length];
    const last = LAST[(h >>> 8) % LAST.length];
    const slug = `${first}-${last}-${i + 1}${(h % 900) + 100}`.toLowerCase();
    const providerId = `sbx-${account.platform}-${slug}`;
    const role = `${ROLES[(h >>> 16) % ROLES.length]} at ${COMPANIES[(h >>> 20) % COMPANIES.length]}`;
    out.push({
      providerId,
      name: `${first} ${last} (sandbox)`,
      headline: `Sandbox contact · ${role}`,
      // .invalid never resolves (RFC 2606): nobody mistakes these for real profiles.
      profileUrl: account.platform === 'whatsapp' ? null : `https://${account.platform}.sandbox.invalid/in/${slug}`,
      profilePictureUrl: null,
      // 555-01xx numbers are reserved for fiction.
      phone: account.platform === 'whatsapp' ? `+1555010${String(i).padStart(4, '0')}` : null,
    });
  }
  return out;
}
