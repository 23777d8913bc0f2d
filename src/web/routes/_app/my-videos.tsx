import { createFileRoute } from '@tanstack/react-router';
import { MyVideosPage } from '../../features/my-videos/my-videos-page';

export const Route = createFileRoute('/_app/my-videos')({
  component: MyVideosPage,
});
