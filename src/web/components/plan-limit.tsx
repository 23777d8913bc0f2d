import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { CircleAlert } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { AppRouter } from '@/app/router';
import { PLANS } from '@/shared/plans';
import { speechSeconds, upgradeFor } from '@/shared/limits';
import { useFormat } from '@/web/lib/format';
import { useTrpc } from '@/web/lib/trpc';

export type Subscription = inferRouterOutputs<AppRouter>['billing']['subscription'];
/** Why new work cannot start; `seconds`: the script's estimated speech, for the length limit. */
export type RenderBlock = NonNullable<Subscription['renderBlock']> & { seconds?: number };

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
      case 'length': {
        const head = L.scriptLength({ minutes: Math.ceil((b.seconds ?? 0) / 60), plan, max: b.limit ?? 0 });
        return `${head} ${up ? L.upgradeLength({ plan: up.name, max: up.maxVideoMinutes }) : L.shorten()}`;
      }
      case 'socialProfiles': {
        const lift = !up
          ? L.disconnectOne()
          : up.socialProfiles === null
            ? L.upgradeProfilesUnlimited({ plan: up.name })
            : L.upgradeProfiles({ plan: up.name, count: up.socialProfiles });
        return `${L.profiles({ plan, count: b.limit ?? 0 })} ${lift}`;
      }
      default:
        return L.trial();
    }
  };
}

/** The plan limit a script's length passes, or null (the same estimate and rule as the server's reserveRender). */
export function lengthBlock(sub: Subscription | undefined, script: string): RenderBlock | null {
  if (!sub) return null;
  const seconds = speechSeconds(script);
  const max = sub.limits.maxVideoMinutes;
  if (seconds <= max * 60) return null;
  const upgradeTo = upgradeFor(sub.plan.id, (p) => p.maxVideoMinutes > max)?.id ?? null;
  return { reason: 'length', planId: sub.plan.id, limit: max, upgradeTo, seconds };
}

/** All the workspace's social profiles are in use: connecting another is refused until one is disconnected. */
export function profilesBlock(sub: Subscription | undefined): RenderBlock | null {
  const usage = sub?.usage.socialProfiles;
  if (!sub || !usage || usage.limit === null || usage.used < usage.limit) return null;
  const limit = usage.limit;
  const upgradeTo = upgradeFor(sub.plan.id, (p) => p.socialProfiles === null || p.socialProfiles > limit)?.id ?? null;
  return { reason: 'socialProfiles', planId: sub.plan.id, limit, upgradeTo };
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
