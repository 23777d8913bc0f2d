import { createFileRoute } from '@tanstack/react-router';
import { WhatsAppTestPage } from '../../features/diagnostics/whatsapp-test-page';

export const Route = createFileRoute('/_app/whatsapp-test')({
  component: WhatsAppTestPage,
});
