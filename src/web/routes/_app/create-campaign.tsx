import { createFileRoute } from '@tanstack/react-router';
import { videoPagesOptions } from '@/web/lib/pages';
import { CreateCampaignPage } from '../../features/campaigns/create-campaign-page';

export const Route = createFileRoute('/_app/create-campaign')({
  loader: ({ context: { queryClient, trpc } }) => void queryClient.prefetchInfiniteQuery({ ...videoPagesOptions(trpc), staleTime: 0 }),
  component: CreateCampaignPage,
});
