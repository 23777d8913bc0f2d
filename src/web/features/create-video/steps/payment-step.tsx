import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Film, FlaskConical, MonitorPlay } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryError } from '../../../components/route-error';
import { Spinner } from '../../../components/spinner';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/rest';
import { toast } from '../../../lib/toast';
import { useRefreshSubscription, useSubscription } from '@/web/components/plan-limit';
import type { RenderTier } from '../api';
import { resolutionName } from './preview-step';
import { RoleNote } from '@/web/components/role-note';
import { useTrpc } from '@/web/lib/trpc';
import { useCan } from '@/web/lib/workspace-role';
import { StepHeader } from './step-parts';

/**
 * What a tier's button offers: nothing for the tier in use, a free switch to a covered tier, a purchase
 * otherwise — and no purchase for anyone but the owner (`canBuy`; the server answers 403 to the others).
 */
export function tierOffer(o: { isCurrent: boolean; covered: boolean; canBuy: boolean }): 'current' | 'use' | 'buy' | 'ownerOnly' {
  if (o.isCurrent) return 'current';
  if (o.covered) return 'use';
  return o.canBuy ? 'buy' : 'ownerOnly';
}

/**
 * The render tiers (PRODUCT.md §4, docs/decisions/120). A tier the plan (or a tier bought this
 * month) covers is chosen for free; any other is bought for one month through the billing
 * provider, which leaves an invoice on the Subscription page.
 */
export function PaymentStep() {
  const { LL } = useI18nContext();
  const Pm = LL.createVideo.payment;
  const trpc = useTrpc();
  const f = useFormat();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const subscription = useSubscription();
  const refresh = useRefreshSubscription();
  const [buying, setBuying] = useState<RenderTier | null>(null);
  const sub = subscription.data;
  const current = sub?.renderTier.id;
  const done = (tier: RenderTier['id'], title: string) => {
    refresh();
    const chosen = plans.data?.renderTiers.find((t) => t.id === tier);
    toast({ title, description: chosen ? Pm.resolutionNote({ resolution: resolutionName(chosen.resolution) }) : undefined, variant: 'success' });
  };
  const choose = useMutation(
    trpc.billing.setRenderTier.mutationOptions({
      onSuccess: (_d, { tier }) => done(tier, Pm.changed()),
      onError: (e) => toast({ title: Pm.failed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const buy = useMutation(
    trpc.billing.buyRenderTier.mutationOptions({
      onSuccess: (_d, { tier }) => {
        setBuying(null);
        done(tier, Pm.bought({ name: Pm.tiers[tier]() }));
      },
      onError: (e) => toast({ title: Pm.buyFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const pending = choose.isPending || buy.isPending;
  // Buying is the owner's (the server answers 403 to anyone else); choosing a covered tier is anyone's.
  const canBuy = useCan('owner') !== false;
  const sandbox = sub?.billingProvider === 'local';

  return (
    <div className="space-y-4">
      <StepHeader title={Pm.title()} hint={Pm.hint()}>
        {sub && (
          <p className="mt-2 font-medium" data-testid="render-now">
            {sub.limits.videosPerMonth === null
              ? Pm.nowUnlimited({ resolution: resolutionName(sub.renderTier.resolution) })
              : Pm.now({ resolution: resolutionName(sub.renderTier.resolution), count: sub.limits.videosPerMonth })}
          </p>
        )}
      </StepHeader>
      {(plans.isPending || subscription.isPending) && <Spinner className="text-primary" />}
      {plans.isError && (
        <div>
          <p className="mb-2 text-error">{Pm.loadError()}</p>
          <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
        </div>
      )}
      {!canBuy && sub?.renderTiers.some((x) => !x.covered) && <RoleNote text={LL.workspaces.onlyOwnerTiers()} />}
      {plans.data && sub && (
        <ul className="grid gap-4 md:grid-cols-3" data-testid="render-tiers">
          {plans.data.renderTiers.map((t: RenderTier) => {
            const status = sub.renderTiers.find((x) => x.id === t.id);
            const covered = !!status?.covered;
            // A tier is "current" only when the user has it: renders of a Basic plan are 720p without owning the Basic tier.
            const isCurrent = t.id === current && covered;
            const boughtUntil = sub.paidRenderTier?.id === t.id ? sub.paidRenderTier.until : null;
            const saving = pending && (choose.variables?.tier === t.id || buy.variables?.tier === t.id);
            const name = Pm.tiers[t.id]();
            const resolution = resolutionName(t.resolution);
            const offer = tierOffer({ isCurrent, covered, canBuy });
            const note = status?.includedInPlan
              ? Pm.included({ plan: sub.plan.name })
              : boughtUntil
                ? Pm.boughtUntil({ date: f.date(boughtUntil) })
                : covered
                  ? Pm.coveredByTier()
                  : Pm.notIncluded({ plan: sub.plan.name });
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
                      {Pm.resolution({ resolution })}
                    </li>
                  </ul>
                  <p className={`text-sm ${covered ? 'text-success' : 'text-base-content/70'}`} data-testid="tier-note">
                    {note}
                  </p>
                  <button
                    type="button"
                    className={`btn mt-auto ${isCurrent ? 'btn-outline btn-primary' : 'btn-primary'}`}
                    disabled={offer === 'current' || offer === 'ownerOnly' || pending}
                    onClick={() => (covered ? choose.mutate({ tier: t.id }) : setBuying(t))}
                    data-testid={`choose-${t.id}`}
                  >
                    {saving && <span className="loading loading-spinner loading-sm" />}
                    {isCurrent ? (
                      <>
                        <Check className="size-4" aria-hidden /> {Pm.current()}
                      </>
                    ) : saving ? (
                      Pm.saving()
                    ) : covered ? (
                      Pm.use({ resolution })
                    ) : (
                      Pm.buy({ price: f.money(t.price) })
                    )}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {sub && (
        <ConfirmDialog
          open={!!buying}
          title={buying ? Pm.buyTitle({ name: Pm.tiers[buying.id]() }) : ''}
          confirmLabel={buying ? Pm.buy({ price: f.money(buying.price) }) : ''}
          pending={buy.isPending}
          onConfirm={() => buying && buy.mutate({ tier: buying.id })}
          onClose={() => !buy.isPending && setBuying(null)}
        >
          {buying && (
            <div className="space-y-2" data-testid="buy-tier-dialog">
              <p>
                {Pm.buyText({
                  price: f.money(buying.price),
                  videos: buying.videosPerMonth === null ? Pm.unlimited() : Pm.videos({ count: buying.videosPerMonth }),
                  resolution: resolutionName(buying.resolution),
                })}
              </p>
              <p className="text-sm text-base-content/70">{Pm.orUpgrade()}</p>
              {sandbox && (
                <p className="flex items-center gap-2 text-sm">
                  <FlaskConical className="size-4" aria-hidden /> {Pm.sandboxNote()}
                </p>
              )}
            </div>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
