import { createFileRoute } from '@tanstack/react-router';
import { TutorialPage } from '../../features/help/tutorial-page';

export const Route = createFileRoute('/_app/tutorial')({
  component: TutorialPage,
});
