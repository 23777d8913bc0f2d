import { useEffect, useEffectEvent } from 'react';
import { errorMessage } from './rest';
import { toast } from './toast';

/**
 * Toasts each new failure of a query once: a new failure is a new error object, so the effect
 * follows the error itself; the title and the condition are read when it fires.
 */
export function useErrorToast(error: unknown, title: () => string, when = true) {
  const show = useEffectEvent((e: unknown) => {
    if (when) toast({ title: title(), description: errorMessage(e), variant: 'destructive' });
  });
  useEffect(() => {
    if (error) show(error);
  }, [error]);
}
