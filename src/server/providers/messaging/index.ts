import type { Env } from '../../env';
import { createSandboxMessaging } from './sandbox';
import type { MessagingProvider, SandboxInbox } from './types';
import { createUnipileMessaging } from './unipile';

const NO_INBOX: SandboxInbox = {
  async record() {
    throw new Error('The sandbox inbox needs the database: pass it to createProviders');
  },
};

/** Unipile when UNIPILE_DSN and UNIPILE_API_KEY are both set; otherwise the sandbox. */
export function createMessaging(env: Env, inbox: SandboxInbox = NO_INBOX): MessagingProvider {
  if (env.UNIPILE_DSN && env.UNIPILE_API_KEY) return createUnipileMessaging({ dsn: env.UNIPILE_DSN, apiKey: env.UNIPILE_API_KEY });
  return createSandboxMessaging({ inbox });
}
