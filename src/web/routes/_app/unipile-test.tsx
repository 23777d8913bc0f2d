import { createFileRoute } from '@tanstack/react-router';
import { UnipileTestPage } from '../../features/diagnostics/unipile-test-page';

export const Route = createFileRoute('/_app/unipile-test')({
  component: UnipileTestPage,
});
