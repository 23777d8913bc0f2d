import { createFileRoute } from '@tanstack/react-router';
import { TestCreatifyPage } from '../../features/diagnostics/test-creatify-page';

export const Route = createFileRoute('/_app/test-creatify')({
  component: TestCreatifyPage,
});
