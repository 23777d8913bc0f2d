import { createFileRoute } from '@tanstack/react-router';
import { PricingOverview } from '../features/public/pricing-cards';
import { PublicLayout } from '../features/public/public-layout';

export const Route = createFileRoute('/pricing')({
  component: PricingPage,
});

function PricingPage() {
  return (
    <PublicLayout>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <PricingOverview page />
      </section>
    </PublicLayout>
  );
}
