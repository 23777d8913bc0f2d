import { useQuery } from '@tanstack/react-query';
import { Eye, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../../lib/rest';
import { QueryState } from '@/web/components/query-state';
import { SocialIcon } from '@/web/components/social/platform-icon';
import { useTrpc } from '@/web/lib/trpc';

const SHOWN = 200;
const TONE: Record<string, string> = {
  sent: 'badge-success',
  failed: 'badge-error',
  deferred: 'badge-warning',
  sending: 'badge-info',
  pending: 'badge-ghost',
  waiting: 'badge-ghost',
};

/**
 * Each delivery's state per recipient (and who was skipped, and why): read when opened, and
 * again whenever the progress above moves.
 */
export function Recipients({ distributionId, version }: { distributionId: string; version: number }) {
  const { LL } = useI18nContext();
  const R = LL.distribution.recipients;
  const trpc = useTrpc();
  const [open, setOpen] = useState(false);
  const detail = useQuery({ ...trpc.distribution.get.queryOptions({ id: distributionId }), enabled: open, staleTime: 0 });
  const { refetch } = detail;
  // Opening fetches (the query is enabled); a new version of the parent's progress while open refetches.
  const seenVersion = useRef(version);
  useEffect(() => {
    if (!open || seenVersion.current === version) return;
    seenVersion.current = version;
    void refetch();
  }, [version, open, refetch]);
  const list = detail.data?.deliveries ?? [];

  return (
    <details className="w-full rounded-box border border-base-300 text-left" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="recipients">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 font-medium">
        <Users className="size-4 text-base-content/60" aria-hidden /> {R.title()}
      </summary>
      <div className="border-t border-base-300 p-3">
        <QueryState
          query={detail}
          empty={false}
          loading={<div className="skeleton h-16" />}
          error={{ message: LL.common.errorText(), detail: errorMessage(detail.error), compact: true }}
          emptyState={null}
        >
          {detail.data && (
            <>
              <ul className="max-h-80 space-y-1 overflow-y-auto text-sm" data-testid="recipient-list">
                {list.slice(0, SHOWN).map((d) => (
                  <li key={d.id} className="flex items-center gap-2 py-1" data-testid="recipient" data-status={d.status}>
                    <SocialIcon platform={d.platform} className="size-4" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{d.name}</span>
                      <span className="block truncate text-xs text-base-content/60">{d.error ?? d.address}</span>
                    </span>
                    {d.viewed && (
                      <span className="badge badge-sm badge-primary badge-outline gap-1">
                        <Eye className="size-3" aria-hidden /> {R.viewed()}
                      </span>
                    )}
                    <span className={`badge badge-sm ${TONE[d.status] ?? 'badge-ghost'}`}>
                      {d.status in R.status ? R.status[d.status as keyof typeof R.status]() : d.status}
                    </span>
                  </li>
                ))}
              </ul>
              {list.length > SHOWN && <p className="mt-1 text-xs text-base-content/60">{R.firstOnly({ shown: SHOWN, total: list.length })}</p>}
              {detail.data.skipped.length > 0 && (
                <div className="mt-3">
                  <p className="mb-1 text-sm font-medium">{R.skipped({ count: detail.data.skippedCount })}</p>
                  <ul className="max-h-40 space-y-0.5 overflow-y-auto text-xs text-base-content/70" data-testid="skipped-list">
                    {detail.data.skipped.slice(0, SHOWN).map((s, i) => (
                      <li key={`${s.contactId ?? s.socialContactId ?? i}-${s.platform}`} className="flex items-center gap-1.5">
                        <SocialIcon platform={s.platform} className="size-3" decorative />
                        <span>
                          {s.name ?? '—'} · {s.reason}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          )}
        </QueryState>
      </div>
    </details>
  );
}
