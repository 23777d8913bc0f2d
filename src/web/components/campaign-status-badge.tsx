import { useI18nContext } from '@locales/i18n-react';
import { statusLabel } from '@/web/lib/campaign-labels';

// active green, scheduled yellow, draft orange, completed black (spec part 1 §4); any other (paused) neutral.
const TONE: Record<string, string> = {
  active: 'badge-success',
  scheduled: 'badge-warning',
  draft: 'border-orange-500 bg-orange-500 text-black',
  completed: 'border-base-content/25 bg-black text-white',
};

export function StatusBadge({ status, className = '' }: { status: string; className?: string }) {
  const { LL } = useI18nContext();
  return (
    <span
      className={`badge shrink-0 whitespace-nowrap font-medium ${TONE[status] ?? 'badge-ghost border-base-content/20'} ${className}`}
      data-testid="status-badge"
      data-status={status}
    >
      {statusLabel(LL, status)}
    </span>
  );
}
