import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../../components/route-error';
import { Table } from '../../components/table';
import { useFormat } from '../../lib/format';
import { useEventName } from './webhook-events';

const BADGE: Record<string, string> = { pending: 'badge-warning', sending: 'badge-info', succeeded: 'badge-success', failed: 'badge-error' };

/** An endpoint's recent deliveries: event, status, the answer's code, attempts. Polled while any is open. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { LL } = useI18nContext();
  const w = LL.settings.webhooks;
  const f = useFormat();
  const eventName = useEventName();
  const { trpc } = useRouteContext({ from: '__root__' });
  const list = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: endpointId }),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending' || d.status === 'sending') ? 1500 : false),
  });
  const time = (iso: string) => new Intl.DateTimeFormat(f.tag, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

  if (list.isPending) return <div className="skeleton h-10 w-full" />;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data.length) return <p className="py-2 text-sm text-base-content/60">{w.noDeliveries()}</p>;
  return (
    <Table columns={[w.event(), w.status(), w.response(), w.attempts(), w.time()]} className="table-xs" testId="webhook-deliveries">
      {list.data.map((d) => (
        <tr key={d.id} data-testid="webhook-delivery" data-event={d.eventType} data-status={d.status}>
          <td>
            <span className="font-medium">{eventName(d.eventType)}</span> <code className="text-xs text-base-content/60">{d.eventType}</code>
          </td>
          <td>
            <span className={`badge badge-sm badge-soft ${BADGE[d.status] ?? ''}`}>{w.statuses[d.status as keyof typeof w.statuses]?.() ?? d.status}</span>
            {d.status === 'pending' && d.nextAttemptAt && (
              <span className="ml-1 text-xs text-base-content/60">{w.nextAttempt({ time: time(d.nextAttemptAt) })}</span>
            )}
          </td>
          <td title={d.responseExcerpt ?? d.error ?? undefined}>
            {d.responseStatus !== null ? <code data-testid="webhook-response-status">{d.responseStatus}</code> : null}
            {d.error && d.responseStatus === null && <span className="text-xs text-error">{d.error}</span>}
          </td>
          <td>{d.attempts}</td>
          <td className="whitespace-nowrap">{time(d.deliveredAt ?? d.createdAt)}</td>
        </tr>
      ))}
    </Table>
  );
}
