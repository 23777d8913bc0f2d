import { createFileRoute } from '@tanstack/react-router';
import { CreateVideoPage } from '../../features/create-video/create-video-page';
import { parseWizardSearch, type WizardParams } from '../../features/create-video/search';
import { openWizard } from '../../features/create-video/store';
import { userQueryOptions } from '../../lib/user';
import { DistributeStep } from './-distribute-step';

export const Route = createFileRoute('/_app/create-video')({
  validateSearch: (search: Record<string, unknown>): WizardParams => parseWizardSearch(search),
  loader: async ({ context: { queryClient, trpc } }) => {
    // The wizard's saved state belongs to the signed-in user (sessionStorage, per user).
    const user = await queryClient.ensureQueryData(userQueryOptions);
    if (user) openWizard(user.id);
    void queryClient.prefetchQuery(trpc.templates.list.queryOptions());
  },
  component: CreateVideoRoute,
});

function CreateVideoRoute() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CreateVideoPage params={params} clearParams={() => void navigate({ search: {}, replace: true })} distributeStep={<DistributeStep />} />;
}
