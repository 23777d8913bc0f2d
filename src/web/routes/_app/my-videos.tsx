import { createFileRoute } from '@tanstack/react-router';
import { MyVideosPage } from '../../features/my-videos/my-videos-page';

/** `?viewers=<video id>` opens that video's viewers (a notice in the bell links there). */
export const Route = createFileRoute('/_app/my-videos')({
  validateSearch: (search: Record<string, unknown>): { viewers?: string } => (typeof search.viewers === 'string' ? { viewers: search.viewers } : {}),
  component: MyVideosPage,
});
