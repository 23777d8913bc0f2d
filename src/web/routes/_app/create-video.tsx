import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { CreateVideoPage } from '../../features/create-video/create-video-page';
import { parseWizardSearch, STEP_SLUGS, stepOfSlug, type WizardParams, type WizardSearch } from '../../features/create-video/search';
import type { StepId } from '../../features/create-video/step-ids';
import { openWizard } from '../../features/create-video/store';
import { userQueryOptions } from '../../lib/user';
import { DistributeStep } from './-distribute-step';

export const Route = createFileRoute('/_app/create-video')({
  validateSearch: (search: Record<string, unknown>): WizardSearch => parseWizardSearch(search),
  loader: async ({ context: { queryClient, trpc } }) => {
    // The wizard's saved state belongs to the signed-in user (sessionStorage, per user).
    const user = await queryClient.ensureQueryData(userQueryOptions);
    if (user) openWizard(user.id);
    void queryClient.prefetchQuery(trpc.templates.list.queryOptions());
  },
  component: CreateVideoRoute,
});

function CreateVideoRoute() {
  const { step, avatar, template, script, from, send } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The parameters applied once: one object per address, so that the preselection's effect runs once.
  const params = useMemo<WizardParams>(() => ({ avatar, template, script, from, send }), [avatar, template, script, from, send]);
  const router = useRouter();
  // A move to another step is a new history entry (Back and Forward walk the steps); a correction replaces it.
  // Only while the address is still the wizard's: a reset on the way out (Continue, Campaigns) must not pull the user back.
  const setStep = (id: StepId, replace = false) => {
    if (router.history.location.pathname !== Route.fullPath) return;
    void navigate({ search: (prev) => ({ ...prev, step: STEP_SLUGS[id] }), replace });
  };
  return (
    <CreateVideoPage
      step={stepOfSlug(step)}
      setStep={setStep}
      params={params}
      clearParams={() => void navigate({ search: (prev) => ({ step: prev.step }), replace: true })}
      distributeStep={<DistributeStep />}
    />
  );
}
