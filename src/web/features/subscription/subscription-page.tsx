import { useQuery } from '@tanstack/react-query';
import { CalendarClock, FlaskConical } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/route-error';
import { Table } from '../../components/table';
import { FullPageSpinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import { PlanFeatures } from '@/web/components/plan-features';
import { planStory } from '@/shared/plan-story';
import { PaymentMethodCard } from './payment-method';
import { PlanLimitNotice } from '@/web/components/plan-limit';
import { PlanPicker } from './plan-picker';
import { UsageBar } from './usage-bar';
import { useTrpc } from '@/web/lib/trpc';

const STATUS_BADGE: Record<string, string> = { trialing: 'badge-info', active: 'badge-success', canceled: 'badge-neutral', expired: 'badge-warning' };

export function SubscriptionPage() {
  const { LL } = useI18nContext();
  const s = LL.subscription;
  const f = useFormat();
  const trpc = useTrpc();
  const sub = useQuery(trpc.billing.subscription.queryOptions());

  if (sub.isPending) return <FullPageSpinner />;
  if (sub.isError)
    return (
      <div>
        <PageHeader title={s.title()} subtitle={s.subtitle()} />
        <QueryError error={sub.error} onRetry={() => void sub.refetch()} />
      </div>
    );

  const d = sub.data;
  const statusLabel = s.status[d.status as keyof typeof s.status]?.() ?? d.status;
  const sandbox = d.billingProvider === 'local';
  const usedOf = (used: string, total: string) => s.usedOf({ used, total });
  const period =
    d.status === 'trialing' && d.trialEndsAt
      ? s.trialEnds({ date: f.date(d.trialEndsAt) })
      : d.status === 'expired' && d.trialEndsAt
        ? s.trialEnded({ date: f.date(d.trialEndsAt) })
        : d.renewsAt
          ? s.renewsOn({ date: f.date(d.renewsAt) })
          : null;

  return (
    <div className="space-y-8" data-testid="subscription">
      <PageHeader
        title={s.title()}
        subtitle={s.subtitle()}
        actions={
          sandbox && (
            <span className="badge badge-warning badge-soft gap-1" data-testid="sandbox-badge">
              <FlaskConical className="size-3" aria-hidden /> {s.sandboxBilling()}
            </span>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card border border-base-300 bg-base-100" data-testid="current-plan">
          <div className="card-body">
            <h2 className="text-sm font-medium tracking-wide text-base-content/60 uppercase">{s.currentPlan()}</h2>
            <div className="flex flex-wrap items-center gap-3">
              <div className="text-3xl font-bold" data-testid="current-plan-name">
                {d.plan.name}
              </div>
              <span className={`badge ${STATUS_BADGE[d.status] ?? 'badge-neutral'}`} data-testid="current-plan-status">
                {statusLabel}
              </span>
            </div>
            <div className="text-base-content/70" data-testid="current-plan-price">
              {f.money(planStory(d.plan.id, d.billingCycle).perMonth)}
              {LL.common.perMonth()} · {s.cycle[d.billingCycle]()}
            </div>
            {period && (
              <div className="mt-2 flex items-center gap-2 text-sm" data-testid="current-plan-period">
                <CalendarClock className="size-4 opacity-70" aria-hidden /> {period}
              </div>
            )}
            <div className="mt-4 border-t border-base-300 pt-4">
              <PlanFeatures story={planStory(d.plan.id, d.billingCycle)} />
            </div>
          </div>
        </section>
        <section className="card border border-base-300 bg-base-100">
          <div className="card-body gap-4">
            <h2 className="text-sm font-medium tracking-wide text-base-content/60 uppercase">{s.usage()}</h2>
            {(
              [
                [s.videosThisMonth(), d.usage.videosThisMonth.used, d.usage.videosThisMonth.limit, f.number, 'usage-videos'],
                [s.socialProfiles(), d.usage.socialProfiles.used, d.usage.socialProfiles.limit, f.number],
                [s.credits(), d.usage.credits.used, d.usage.credits.total, f.number],
                [s.storage(), d.usage.storage.usedBytes, d.usage.storage.limitBytes, f.bytes],
              ] as const
            ).map(([label, used, limit, format, testId]) => (
              <UsageBar
                key={label}
                label={label}
                used={used}
                limit={limit}
                format={format}
                unlimitedLabel={LL.common.unlimited()}
                usedOf={usedOf}
                testId={testId}
              />
            ))}
            {d.renderBlock && <PlanLimitNotice block={d.renderBlock} testId="subscription-limit" />}
          </div>
        </section>
        <PaymentMethodCard subscription={d} />
      </div>

      <PlanPicker currentPlan={d.plan.id} currentCycle={d.billingCycle} status={d.status} />

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="mb-4 text-xl font-semibold">
          {s.history()}
        </h2>
        {d.invoices.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center text-base-content/60" data-testid="no-invoices">
            {s.noInvoices()}
          </p>
        ) : (
          <Table
            columns={[s.invoice(), s.date(), s.plan(), s.period(), { label: s.amount(), right: true }, s.invoiceStatus()]}
            box="overflow-x-auto rounded-box border border-base-300 bg-base-100"
            testId="invoices"
          >
            {d.invoices.map((i) => (
              <tr key={i.id} data-testid="invoice-row">
                <td className="font-mono text-xs">{i.number}</td>
                <td>{f.date(i.createdAt)}</td>
                <td>
                  {i.kind === 'render-tier' ? (
                    <>
                      {LL.createVideo.payment.pack({ resolution: i.resolution === '2160p' ? '4K' : (i.resolution ?? '') })}{' '}
                      <span className="text-xs opacity-60">({s.oneMonth()})</span>
                    </>
                  ) : (
                    <>
                      {i.planName} <span className="text-xs opacity-60">({s.cycle[i.billingCycle]()})</span>
                    </>
                  )}
                </td>
                <td className="text-sm whitespace-nowrap">
                  {f.date(i.periodStart)} – {f.date(i.periodEnd)}
                </td>
                <td className="text-right font-medium">{f.money(i.amount, i.currency)}</td>
                <td>
                  <span className={`badge badge-sm ${i.status === 'paid' ? 'badge-success' : 'badge-neutral'}`}>
                    {i.status === 'paid' ? s.paid() : i.status}
                  </span>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </div>
  );
}
