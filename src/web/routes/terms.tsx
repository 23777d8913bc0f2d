import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/public/legal-page';

export const Route = createFileRoute('/terms')({ component: () => <LegalPage kind="terms" /> });
