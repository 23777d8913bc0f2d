import { useI18nContext } from '@locales/i18n-react';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@/shared/webhook-events';

const KEYS = {
  'video.ready': 'videoReady',
  'video.failed': 'videoFailed',
  'delivery.sent': 'deliverySent',
  'delivery.failed': 'deliveryFailed',
  'view.started': 'viewStarted',
  'view.progress': 'viewProgress',
  'cta.clicked': 'ctaClicked',
  'contact.unsubscribed': 'contactUnsubscribed',
  [WEBHOOK_TEST_EVENT]: 'test',
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string>;

/** An event's name in the user's language (the technical name is shown beside it). */
export function useEventName() {
  const { LL } = useI18nContext();
  return (type: string) => {
    const key = KEYS[type as keyof typeof KEYS];
    return key ? LL.settings.webhooks.eventNames[key]() : type;
  };
}
