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
import { RENDER_TIERS, resolutionLabel, type RenderChoice, type RenderTierId } from '@/shared/plans';
import { YourPlan } from './your-plan';

/** A pack is named by the resolution it renders at (720p, 1080p, 4K), never by a plan's name. */
export const packResolution = (tier: RenderTierId) => resolutionLabel(RENDER_TIERS[tier].resolution);

/**
 * What a pack's button offers: a purchase when its resolution or videos are not had yet (to the owner
 * only: `canBuy`; the server answers 403 to the others), else nothing for the resolution in use and a
 * free switch to any resolution renders may use (`selectable`), lower than the plan's included. The
 * plan's own resolution, left for another, is switched back to for free (its pack is bought from there).
 */
export function tierOffer(o: {
  isCurrent: boolean;
  covered: boolean;
  selectable?: boolean;
  canBuy: boolean;
  isPlanTier?: boolean;
}): 'current' | 'use' | 'included' | 'buy' | 'ownerOnly' {
  if (o.isPlanTier && !o.isCurrent) return 'use';
  if (!o.covered) return o.canBuy ? 'buy' : 'ownerOnly';
  if (o.isCurrent) return 'current';
  return o.selectable === false ? 'included' : 'use';
}

/**
 * The plan the user is on, told as every pricing screen tells it (the one catalogue), then the render
 * packs (PRODUCT.md §4, docs/decisions/120, 222): renders are at the plan's resolution; a pack adds a
 * higher resolution or more videos for one month, bought through the billing provider, which leaves
 * an invoice on the Subscription page.
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
  const done = (choice: RenderChoice, title: string) => {
    refresh();
    const tier = choice === 'plan' ? sub?.plan.renderTier : choice;
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
        done(tier, Pm.bought({ name: Pm.pack({ resolution: packResolution(tier) }) }));
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
      {sub && <YourPlan sub={sub} />}
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
            // The resolution renders use now (a Pro plan's 1080p, even without the pack's 50 videos).
            const isCurrent = t.id === current;
            const boughtUntil = sub.paidRenderTier?.id === t.id ? sub.paidRenderTier.until : null;
            const choosing = choose.variables?.tier === 'plan' ? sub.plan.renderTier : choose.variables?.tier;
            const saving = pending && (choosing === t.id || buy.variables?.tier === t.id);
            const name = Pm.pack({ resolution: packResolution(t.id) });
            const resolution = resolutionName(t.resolution);
            // The plan's own resolution is chosen as 'plan': it follows the plan if the plan changes.
            const isPlanTier = t.id === sub.plan.renderTier;
            const offer = tierOffer({ isCurrent, covered, selectable: status?.selectable, canBuy, isPlanTier });
            const note = status?.includedInPlan
              ? Pm.included({ plan: sub.plan.name })
              : boughtUntil
                ? Pm.boughtUntil({ date: f.date(boughtUntil) })
                : covered
                  ? Pm.coveredByTier()
                  : status?.selectable
                    ? Pm.moreVideos({ plan: sub.plan.name, resolution, count: t.videosPerMonth ?? 0 })
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
                    <span className="text-base-content/60"> {Pm.forOneMonth()}</span>
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
                  <p className={`text-sm ${covered || status?.selectable ? 'text-success' : 'text-base-content/70'}`} data-testid="tier-note">
                    {note}
                  </p>
                  <button
                    type="button"
                    className={`btn mt-auto ${offer === 'current' || offer === 'included' ? 'btn-outline btn-primary' : 'btn-primary'}`}
                    disabled={offer === 'current' || offer === 'included' || offer === 'ownerOnly' || pending}
                    onClick={() => (offer === 'use' ? choose.mutate({ tier: isPlanTier ? 'plan' : t.id }) : setBuying(t))}
                    data-testid={`choose-${t.id}`}
                  >
                    {saving && <span className="loading loading-spinner loading-sm" />}
                    {saving ? (
                      Pm.saving()
                    ) : offer === 'current' ? (
                      <>
                        <Check className="size-4" aria-hidden /> {Pm.current()}
                      </>
                    ) : offer === 'included' ? (
                      Pm.includedShort()
                    ) : offer === 'use' ? (
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
          title={buying ? Pm.buyTitle({ name: Pm.pack({ resolution: packResolution(buying.id) }) }) : ''}
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
