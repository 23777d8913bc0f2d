import { createFileRoute } from '@tanstack/react-router';
import { SocialProfilesPage } from '../../features/social/social-profiles-page';

export const Route = createFileRoute('/_app/social-profiles')({
  // Connections change outside the app (provider webhooks, other tabs): each visit reads them again.
  loader: ({ context: { queryClient, trpc } }) => void queryClient.prefetchQuery({ ...trpc.social.profiles.queryOptions(), staleTime: 0 }),
  component: SocialProfilesPage,
});
