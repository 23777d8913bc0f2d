import { createFileRoute } from '@tanstack/react-router';
import { SocialProfilesPage } from '../../features/social/social-profiles-page';

export const Route = createFileRoute('/_app/social-profiles')({
  loader: ({ context: { queryClient, trpc } }) => void queryClient.prefetchQuery(trpc.social.profiles.queryOptions()),
  component: SocialProfilesPage,
});
