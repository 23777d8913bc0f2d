import { createFileRoute } from '@tanstack/react-router';
import { CampaignsPage } from '../../../features/campaigns/campaigns-page';
import { FILTER_STATUSES } from '@/web/lib/campaign-labels';
import { campaignPagesOptions, type CampaignFilters } from '../../../features/campaigns/filter';

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.slice(0, 200) : undefined);

export const Route = createFileRoute('/_app/campaigns/')({
  validateSearch: (search: Record<string, unknown>): CampaignFilters => ({
    q: text(search.q),
    sector: text(search.sector),
    status: FILTER_STATUSES.find((s) => s === search.status),
  }),
  loaderDeps: ({ search }) => search,
  // Figures change with every tracked view: each visit refreshes them (the cache shows meanwhile).
  loader: ({ context: { queryClient, trpc }, deps }) => void queryClient.prefetchInfiniteQuery({ ...campaignPagesOptions(trpc, deps), staleTime: 0 }),
  component: CampaignsRoute,
});

function CampaignsRoute() {
  return <CampaignsPage filters={Route.useSearch()} />;
}
