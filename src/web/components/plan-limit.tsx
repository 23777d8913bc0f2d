import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { CircleAlert } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { AppRouter } from '@/app/router';
import { PLANS } from '@/shared/plans';
import { useFormat } from '@/web/lib/format';
import { useTrpc } from '@/web/lib/trpc';

export type Subscription = inferRouterOutputs<AppRouter>['billing']['subscription'];
export type RenderBlock = NonNullable<Subscription['renderBlock']>;

/** The subscription, always fresh: the screens decide from it whether new work can start. */
export function useSubscription() {
  const trpc = useTrpc();
  return useQuery({ ...trpc.billing.subscription.queryOptions(), staleTime: 0 });
}

/** Call after work started or was refused: usage changed on the server. */
export function useRefreshSubscription() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trpc.billing.subscription.queryKey() });
}

/** Why a render cannot start, in the user's language: the limit, and the plan that lifts it. */
export function useLimitText() {
  const { LL } = useI18nContext();
  const f = useFormat();
  const L = LL.limits;
  return (b: RenderBlock) => {
    const plan = PLANS[b.planId].name;
    const up = b.upgradeTo ? PLANS[b.upgradeTo] : null;
    switch (b.reason) {
      case 'videos': {
        const lift = up
          ? ` ${up.videosPerMonth === null ? L.upgradeUnlimited({ plan: up.name }) : L.upgradeVideos({ plan: up.name, count: up.videosPerMonth })}`
          : '';
        return `${L.videos({ count: b.limit ?? 0, plan })}${lift}`;
      }
      case 'storage': {
        const lift = up ? ` ${L.upgradeStorage({ plan: up.name, size: f.bytes(up.storageBytes) })}` : '';
        return `${L.storage({ plan, size: f.bytes(b.limit ?? 0) })}${lift}`;
      }
      default:
        return L.trial();
    }
  };
}

/** The reason an action is disabled, with a link to the plans. */
export function PlanLimitNotice({ block, testId = 'plan-limit' }: { block: RenderBlock; testId?: string }) {
  const { LL } = useI18nContext();
  const text = useLimitText();
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-wrap items-center" data-testid={testId}>
      <CircleAlert className="size-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 text-sm" data-testid="plan-limit-text">
        {text(block)}
      </p>
      <Link to="/subscription" className="btn btn-sm" data-testid="plan-limit-link">
        {LL.limits.seePlans()}
      </Link>
    </div>
  );
}
