import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Film, MonitorPlay } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../../../components/route-error';
import { Spinner } from '../../../components/spinner';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/rest';
import { toast } from '../../../lib/toast';
import { useTrpc, type RenderTier } from '../api';
import { resolutionName } from './preview-step';

/** The render tiers (PRODUCT.md §4): the chosen tier sets the resolution of later renders. */
export function PaymentStep() {
  const { LL } = useI18nContext();
  const Pm = LL.createVideo.payment;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const f = useFormat();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const subscription = useQuery({ ...trpc.billing.subscription.queryOptions(), staleTime: 0 });
  const current = subscription.data?.renderTier.id;
  const choose = useMutation(
    trpc.billing.setRenderTier.mutationOptions({
      onSuccess: (_data, { tier }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.billing.subscription.queryKey() });
        const chosen = plans.data?.renderTiers.find((t) => t.id === tier);
        toast({ title: Pm.changed(), description: chosen ? Pm.resolutionNote({ resolution: resolutionName(chosen.resolution) }) : undefined, variant: 'success' });
      },
      onError: (e) => toast({ title: Pm.failed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  return (
    <div className="space-y-4">
      <header>
        <h2 className="text-xl font-semibold">{Pm.title()}</h2>
        <p className="text-base-content/70">{Pm.hint()}</p>
      </header>
      {(plans.isPending || subscription.isPending) && <Spinner className="text-primary" />}
      {plans.isError && (
        <div>
          <p className="mb-2 text-error">{Pm.loadError()}</p>
          <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
        </div>
      )}
      {plans.data && (
        <ul className="grid gap-4 md:grid-cols-3" data-testid="render-tiers">
          {plans.data.renderTiers.map((t: RenderTier) => {
            const isCurrent = t.id === current;
            const saving = choose.isPending && choose.variables?.tier === t.id;
            const name = Pm.tiers[t.id]();
            return (
              <li key={t.id} className={`card border-2 bg-base-100 ${isCurrent ? 'border-primary shadow-md' : 'border-base-300'}`} data-testid={`tier-${t.id}`}>
                <div className="card-body gap-3 p-5">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="card-title">{name}</h3>
                    {isCurrent && <span className="badge badge-primary">{Pm.current()}</span>}
                  </div>
                  <p>
                    <span className="text-3xl font-bold">{f.money(t.price)}</span>
                    <span className="text-base-content/60">{LL.common.perMonth()}</span>
                  </p>
                  <ul className="space-y-2 text-sm">
                    <li className="flex items-center gap-2">
                      <Film className="size-4 text-primary" aria-hidden />
                      {t.videosPerMonth === null ? Pm.unlimited() : Pm.videos({ count: t.videosPerMonth })}
                    </li>
                    <li className="flex items-center gap-2">
                      <MonitorPlay className="size-4 text-primary" aria-hidden />
                      {Pm.resolution({ resolution: resolutionName(t.resolution) })}
                    </li>
                  </ul>
                  <p className="text-xs text-base-content/60">{Pm.cardNote({ resolution: resolutionName(t.resolution) })}</p>
                  <button
                    type="button"
                    className={`btn mt-auto ${isCurrent ? 'btn-outline btn-primary' : 'btn-primary'}`}
                    disabled={isCurrent || choose.isPending}
                    onClick={() => choose.mutate({ tier: t.id })}
                    data-testid={`choose-${t.id}`}
                  >
                    {saving && <span className="loading loading-spinner loading-sm" />}
                    {isCurrent ? (
                      <>
                        <Check className="size-4" aria-hidden /> {Pm.current()}
                      </>
                    ) : saving ? (
                      Pm.saving()
                    ) : (
                      Pm.choose({ name })
                    )}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
