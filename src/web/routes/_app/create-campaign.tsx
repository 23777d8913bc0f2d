import { createFileRoute } from '@tanstack/react-router';
import { CreateCampaignPage } from '../../features/campaigns/create-campaign-page';

export const Route = createFileRoute('/_app/create-campaign')({
  loader: ({ context: { queryClient, trpc } }) => void queryClient.prefetchQuery({ ...trpc.videos.list.queryOptions(), staleTime: 0 }),
  component: CreateCampaignPage,
});
