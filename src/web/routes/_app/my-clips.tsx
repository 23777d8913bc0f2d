import { createFileRoute } from '@tanstack/react-router';
import { MyClipsPage } from '../../features/clips/my-clips-page';

export const Route = createFileRoute('/_app/my-clips')({
  component: MyClipsPage,
});
