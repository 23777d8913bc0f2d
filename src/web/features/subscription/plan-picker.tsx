import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { PLAN_IDS, PLANS, periodAmountCents, type BillingCycle, type PlanId } from '@/shared/plans';
import { planStory } from '@/shared/plan-story';
import { ConfirmFor } from '../../components/confirm-dialog';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { BillingToggle } from '@/web/components/billing-toggle';
import { PlanFeatures, PlanPrice } from '@/web/components/plan-features';
import { useTrpc } from '@/web/lib/trpc';
import { RoleNote } from '@/web/components/role-note';
import { useCan } from '@/web/lib/workspace-role';

/** The plans with the yearly/monthly toggle; choosing one opens the confirmation, which changes the plan. */
export function PlanPicker({ currentPlan, currentCycle, status }: { currentPlan: PlanId; currentCycle: BillingCycle; status: string }) {
  const { LL } = useI18nContext();
  const s = LL.subscription;
  const f = useFormat();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [cycle, setCycle] = useState<BillingCycle>(currentCycle);
  const [chosen, setChosen] = useState<PlanId | null>(null);
  const change = useMutation(
    trpc.billing.changePlan.mutationOptions({
      onSuccess: (sub) => {
        queryClient.setQueryData(trpc.billing.subscription.queryKey(), sub);
        setChosen(null);
        toast({ title: s.changed(), description: s.changedText({ plan: sub.plan.name }), variant: 'success' });
      },
      onError: (e) => toast({ title: s.changeFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  // The plan is the workspace owner's: others see it, the server refuses them a change (403).
  const canChange = useCan('owner') !== false;
  const isCurrent = (id: PlanId) => status === 'active' && id === currentPlan && cycle === currentCycle;

  return (
    <section aria-labelledby="plans-title">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 id="plans-title" className="text-xl font-semibold">
          {s.plans()}
        </h2>
        <BillingToggle value={cycle} onChange={setCycle} />
      </div>
      {!canChange && (
        <div className="mb-4">
          <RoleNote text={LL.workspaces.onlyOwner()} />
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        {PLAN_IDS.map((id) => planStory(id, cycle)).map((plan) => (
          <div
            key={plan.id}
            className={`card border bg-base-100 ${isCurrent(plan.id) ? 'border-primary ring-2 ring-primary/30' : 'border-base-300'}`}
            data-testid={`plan-card-${plan.id}`}
          >
            <div className="card-body gap-3">
              <div className="flex items-center justify-between">
                <h3 className="card-title">{plan.name}</h3>
                {isCurrent(plan.id) && <span className="badge badge-primary">{s.currentBadge()}</span>}
              </div>
              <PlanPrice story={plan} cycle={cycle} />
              <PlanFeatures story={plan} />
              <div className="card-actions mt-auto pt-2">
                <button
                  type="button"
                  className="btn btn-primary w-full"
                  disabled={isCurrent(plan.id) || !canChange}
                  onClick={() => setChosen(plan.id)}
                  data-testid={`select-plan-${plan.id}`}
                >
                  {isCurrent(plan.id) ? s.currentBadge() : s.select()}
                </button>
              </div>
            </div>
          </div>
        ))}
      </div>
      <ConfirmFor
        target={chosen}
        title={s.confirmTitle()}
        confirmLabel={change.isPending ? s.changing() : s.confirmButton()}
        pending={change.isPending}
        onConfirm={(planId) => change.mutate({ planId, billingCycle: cycle })}
        onClose={() => setChosen(null)}
        text={(planId) => (
          <div className="space-y-2" data-testid="change-plan-dialog">
            <p>{s.confirmText({ plan: PLANS[planId].name, cycle: s.cycle[cycle]().toLowerCase() })}</p>
            <p className="font-semibold">{s.charged({ amount: f.money(periodAmountCents(planId, cycle) / 100) })}</p>
          </div>
        )}
      />
    </section>
  );
}
