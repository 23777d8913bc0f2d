import { createFileRoute } from '@tanstack/react-router';
import { CampaignDetailPage } from '../../../features/campaigns/campaign-detail-page';
import { DETAIL_TABS, type DetailTab } from '../../../features/campaigns/detail-tabs';

export const Route = createFileRoute('/_app/campaigns/$id')({
  validateSearch: (search: Record<string, unknown>): { tab?: DetailTab } => ({
    tab: DETAIL_TABS.find((t) => t !== 'overview' && t === search.tab),
  }),
  // Figures change with every tracked view: each visit refreshes them (the cache shows meanwhile).
  loader: ({ context: { queryClient, trpc }, params }) =>
    void queryClient.prefetchQuery({ ...trpc.campaigns.byId.queryOptions({ id: params.id }), staleTime: 0 }),
  component: CampaignRoute,
});

function CampaignRoute() {
  const { id } = Route.useParams();
  const { tab = 'overview' } = Route.useSearch();
  return <CampaignDetailPage id={id} tab={tab} />;
}
