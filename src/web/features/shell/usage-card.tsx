import { useQuery } from '@tanstack/react-query';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../lib/format';
import { useTrpc } from '@/web/lib/trpc';

/** Credits and storage against the plan, with the renewal (or trial end) date. */
export function UsageCard() {
  const trpc = useTrpc();
  const { LL } = useI18nContext();
  const f = useFormat();
  const { data } = useQuery(trpc.billing.subscription.queryOptions());
  if (!data) return null;
  const { credits, storage } = data.usage;
  const creditPct = credits.total ? Math.min(100, Math.round((credits.used / credits.total) * 100)) : 0;
  const storagePct = Math.min(100, Math.round((storage.usedBytes / storage.limitBytes) * 100));
  const until =
    data.status === 'trialing' && data.trialEndsAt
      ? LL.nav.trialEndsOn({ date: f.date(data.trialEndsAt) })
      : data.renewsAt
        ? LL.nav.renewsOn({ date: f.date(data.renewsAt) })
        : null;
  return (
    <div className="space-y-2 rounded-box bg-base-200 p-3 text-xs" data-testid="usage-card">
      <div>
        <div className="mb-1 flex justify-between">
          <span className="font-medium">{LL.nav.credits()}</span>
          <span className="opacity-70">
            {credits.total === null ? LL.common.unlimited() : LL.nav.usedOf({ used: f.number(credits.used), total: f.number(credits.total) })}
          </span>
        </div>
        <progress className="progress progress-primary h-1.5 w-full" value={credits.total === null ? 0 : creditPct} max={100} />
      </div>
      <div>
        <div className="mb-1 flex justify-between">
          <span className="font-medium">{LL.nav.storage()}</span>
          <span className="opacity-70">{LL.nav.usedOf({ used: f.bytes(storage.usedBytes), total: f.bytes(storage.limitBytes) })}</span>
        </div>
        <progress className="progress progress-secondary h-1.5 w-full" value={storagePct} max={100} />
      </div>
      {until && <p className="opacity-70">{until}</p>}
    </div>
  );
}
