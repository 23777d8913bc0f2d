import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { clipTone } from './clip-status';

const KNOWN = ['done', 'completed', 'created', 'started', 'processing', 'error', 'rejected'] as const;
type Known = (typeof KNOWN)[number];

/** done/completed: a check; created/started/processing: a spinner; error/rejected: a failure mark. */
export function ClipStatusBadge({ status }: { status: string }) {
  const { LL } = useI18nContext();
  const tone = clipTone(status);
  const key = status.toLowerCase();
  const label = (KNOWN as readonly string[]).includes(key) ? LL.clips.status[key as Known]() : status;
  const style = { success: 'badge-success', pending: 'badge-info', failure: 'badge-error', unknown: 'badge-ghost' }[tone];
  return (
    <span className={`badge badge-sm gap-1 whitespace-nowrap ${style}`} data-testid="clip-status" data-status={status} data-tone={tone}>
      {tone === 'success' && <CircleCheck className="size-3.5" aria-hidden />}
      {tone === 'pending' && <span className="loading loading-spinner loading-xs" aria-hidden />}
      {tone === 'failure' && <CircleAlert className="size-3.5" aria-hidden />}
      {tone === 'unknown' && <CircleHelp className="size-3.5" aria-hidden />}
      {label}
    </span>
  );
}
