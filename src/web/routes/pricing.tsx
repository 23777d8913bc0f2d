import { createFileRoute } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { TRIAL_DAYS } from '@/shared/plans';
import { PricingCards } from '../features/public/pricing-cards';
import { PublicLayout } from '../features/public/public-layout';

export const Route = createFileRoute('/pricing')({
  component: PricingPage,
});

function PricingPage() {
  const { LL } = useI18nContext();
  return (
    <PublicLayout>
      <section className="mx-auto max-w-6xl px-4 py-16">
        <h1 className="text-center text-4xl font-extrabold">{LL.pricing.title()}</h1>
        <p className="mt-3 mb-12 text-center text-base-content/70">{LL.pricing.subtitle({ days: TRIAL_DAYS })}</p>
        <PricingCards />
        <p className="mt-10 text-center text-sm opacity-70">{LL.landing.supportNote()}</p>
      </section>
    </PublicLayout>
  );
}
