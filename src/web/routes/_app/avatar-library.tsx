import { createFileRoute } from '@tanstack/react-router';
import { AvatarLibraryPage } from '../../features/avatars/avatar-library-page';

export const Route = createFileRoute('/_app/avatar-library')({
  component: AvatarLibraryPage,
});
