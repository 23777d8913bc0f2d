import { AppError, invalidInput } from '../../server/http/app-error';
import { MessagingError, PLATFORM_NAMES, type MessagingPlatform, type SendInput } from '../../server/providers/messaging/types';
import { SOCIAL_MESSAGES, type TSendLinkedIn, type TSendWhatsApp } from './schemas';
import { accountIdOf, activeProfileFor, setProfileStatus, type SocialDeps } from './profiles';
import type { Scope } from '../../server/scope';

/** Where a message is sent from: the workspace (its profiles, its sandbox inbox) and, when known, the member sending it. */
export type SendScope = Pick<Scope, 'workspaceId'> & { userId?: string | null };

export type SocialSendResult = { messageId: string; chatId: string | null; profileId: string; sandbox: boolean };

/**
 * Sends one message through the workspace's connected account for the platform (the named profile,
 * else the most recently connected active one). The one way the app sends social messages:
 * distribution calls this too. Failures are AppErrors whose `retryable` says whether
 * a retry can succeed; a provider saying the account lost its authorisation marks it disconnected.
 */
export async function sendSocialMessage(
  deps: SocialDeps & { scope: SendScope; platform: MessagingPlatform; to: SendInput['to']; text: string; profileId?: string; reference?: string },
): Promise<SocialSendResult> {
  const { db, messaging, box, scope, platform } = deps;
  const profile = await activeProfileFor({ db, scope, platform, profileId: deps.profileId });
  if (!profile) throw new AppError('INVALID_INPUT', `No connected ${PLATFORM_NAMES[platform]} account: connect one first`);
  if (profile.provider !== messaging.name)
    throw new AppError('INVALID_INPUT', `The ${PLATFORM_NAMES[platform]} account was connected with another messaging provider: connect it again`);
  try {
    const r = await messaging.send({
      accountId: await accountIdOf(box, profile),
      platform,
      to: deps.to,
      text: deps.text,
      workspaceId: scope.workspaceId,
      userId: scope.userId,
      reference: deps.reference,
    });
    return { messageId: r.messageId, chatId: r.chatId, profileId: profile.id, sandbox: messaging.sandbox };
  } catch (e) {
    if (!(e instanceof MessagingError)) throw e;
    if (e.status === 401) await setProfileStatus(db, profile.id, 'disconnected', 'SEND_UNAUTHORIZED');
    throw new AppError(
      e.retryable ? 'UNAVAILABLE' : 'INVALID_INPUT',
      `Failed to send ${PLATFORM_NAMES[platform]} message: ${e.message.replace(/^Unipile: /, '')}`,
      {
        details: { providerStatus: e.status },
        cause: e,
      },
    );
  }
}

const compose = (message: string | undefined, videoUrl: string | undefined) => {
  const text = [message?.trim(), videoUrl?.trim()].filter(Boolean).join('\n\n');
  if (!text) throw invalidInput(SOCIAL_MESSAGES.messageRequired);
  return text;
};

/** /unipile-test: a WhatsApp message to a phone number. */
export async function sendWhatsAppTest(deps: SocialDeps & { scope: Scope; input: TSendWhatsApp }) {
  const { phoneNumber, message, videoUrl } = deps.input;
  if (phoneNumber.replace(/[^0-9]/g, '').length < 6) throw invalidInput(SOCIAL_MESSAGES.phone);
  const r = await sendSocialMessage({ ...deps, platform: 'whatsapp', to: { phone: phoneNumber }, text: compose(message, videoUrl) });
  return { success: true as const, ...r };
}

/** /unipile-test: a LinkedIn message to a member (provider id, profile URL or public identifier). */
export async function sendLinkedInTest(deps: SocialDeps & { scope: Scope; input: TSendLinkedIn }) {
  const { linkedinId, message, videoUrl } = deps.input;
  // Provider ids look like "ACoAA…"; anything else (URL, public identifier) is resolved by the provider.
  const to = /^ACo[A-Za-z0-9_-]+$/.test(linkedinId) || linkedinId.startsWith('sbx-') ? { providerId: linkedinId } : { profileUrl: linkedinId };
  const r = await sendSocialMessage({ ...deps, platform: 'linkedin', to, text: compose(message, videoUrl) });
  return { success: true as const, ...r };
}

/** /whatsapp-test: the contacts reachable through the connected WhatsApp account. */
export async function whatsappTest(deps: SocialDeps & { scope: Scope }) {
  const profile = await activeProfileFor({ db: deps.db, scope: deps.scope, platform: 'whatsapp' });
  if (!profile) return { success: false, message: 'No WhatsApp account connected', contacts: [], contactCount: 0, sandbox: deps.messaging.sandbox };
  try {
    const people = await deps.messaging.listContacts({ accountId: await accountIdOf(deps.box, profile), platform: 'whatsapp', limit: 1000 });
    const contacts = people.map((p) => ({ id: p.providerId, name: p.name, phone: p.phone, platform: 'whatsapp' as const }));
    return {
      success: true,
      message: `${contacts.length} WhatsApp contacts loaded from ${profile.profileName}`,
      contacts,
      contactCount: contacts.length,
      sandbox: profile.provider === 'sandbox',
    };
  } catch (e) {
    if (!(e instanceof MessagingError)) throw e;
    return {
      success: false,
      message: `Failed to load WhatsApp contacts: ${e.message.replace(/^Unipile: /, '')}`,
      contacts: [],
      contactCount: 0,
      sandbox: deps.messaging.sandbox,
    };
  }
}
