import type { Env } from '../../env';
import type { SandboxInbox } from '../messaging/types';
import { createSandboxEmail } from './sandbox';
import { createSmtpEmail } from './smtp';
import type { EmailProvider } from './types';

const NO_INBOX: SandboxInbox = {
  async record() {
    throw new Error('The sandbox inbox needs the database: pass it to createProviders');
  },
};

/** SMTP when SMTP_URL is set (sender MAIL_FROM); otherwise the sandbox inbox. */
export function createEmail(env: Env, inbox: SandboxInbox = NO_INBOX): EmailProvider {
  if (env.SMTP_URL) return createSmtpEmail({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return createSandboxEmail({ inbox, from: env.MAIL_FROM });
}
