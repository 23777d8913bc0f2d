import { useI18nContext } from '@locales/i18n-react';
import type { TranslationFunctions } from '@locales/i18n-types';
import { INTEGRATION_MESSAGES } from '@/domains/integrations/schemas';
import type { IntegrationProvider } from '@/shared/integrations';
import { useTranslateMessage } from '@/web/lib/validation';

type Errors = keyof TranslationFunctions['settings']['integrations']['errors'];
const KNOWN = new Map<string, Errors>(
  (Object.keys(INTEGRATION_MESSAGES) as (keyof typeof INTEGRATION_MESSAGES)[]).flatMap((k) =>
    k === 'notFound' || k === 'keyTooLong' ? [] : [[INTEGRATION_MESSAGES[k], k as Errors]],
  ),
);

/** The server's messages about integrations in the user's language; a vendor's own reason stays as the vendor wrote it. */
export function useIntegrationMessage() {
  const { LL } = useI18nContext();
  const translate = useTranslateMessage();
  return (message: string | undefined) => {
    const key = message ? KNOWN.get(message) : undefined;
    return key ? LL.settings.integrations.errors[key]() : translate(message);
  };
}

/** Each provider's one-line description on its card. */
export function useIntegrationDescription() {
  const { LL } = useI18nContext();
  const d = LL.settings.integrations.descriptions;
  const words: Record<IntegrationProvider, () => string> = {
    elevenlabs: d.elevenlabs,
    'openai-speech': d.openaiSpeech,
    heygen: d.heygen,
    'd-id': d.dId,
    creatify: d.creatify,
  };
  return (p: IntegrationProvider) => words[p]();
}
