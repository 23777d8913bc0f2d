import { useEffect, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { toast } from '@/web/lib/toast';
import { isPublishPlatform, useInvalidatePublishing } from './api';

/**
 * The publishing OAuth callback comes back with `?connected=<platform>` or `?error=<message>`
 * (docs/decisions/229): one toast and fresh connections. True while
 * the page is such a return.
 */
export function usePublishReturn(connected: string | undefined, error: string | undefined): boolean {
  const { LL } = useI18nContext();
  const C = LL.publishing.connections;
  const invalidate = useInvalidatePublishing();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || (!connected && !error)) return;
    shown.current = true;
    if (isPublishPlatform(connected)) {
      toast({ title: C.connected({ platform: LL.publishing.platforms[connected]() }), description: C.connectedText(), variant: 'success' });
      void invalidate();
    } else if (error) toast({ title: C.connectFailed(), description: error, variant: 'destructive' });
  }, [connected, error, C, LL, invalidate]);
  return !!(connected || error);
}
