import { Link } from '@tanstack/react-router';
import { CalendarX, Gift, Infinity as InfinityIcon, Megaphone, Send, Sparkles, UserRound, Wand2 } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { TRIAL_DAYS, YEARLY_SAVING_PERCENT } from '@/shared/plans';
import { PricingOverview } from './pricing-cards';
import { PublicLayout } from './public-layout';

export function LandingPage() {
  const { LL } = useI18nContext();
  const perks = [
    { icon: Gift, text: LL.landing.perks.trial({ days: TRIAL_DAYS }) },
    { icon: InfinityIcon, text: LL.landing.perks.unlimited() },
    { icon: CalendarX, text: LL.landing.perks.cancel() },
    { icon: Sparkles, text: LL.landing.perks.yearly({ percent: YEARLY_SAVING_PERCENT }) },
  ];
  const features = [
    { icon: UserRound, title: LL.landing.features.avatarsTitle(), text: LL.landing.features.avatarsText() },
    { icon: Wand2, title: LL.landing.features.personalTitle(), text: LL.landing.features.personalText({ first: '{first_name}', company: '{company}' }) },
    { icon: Megaphone, title: LL.landing.features.campaignsTitle(), text: LL.landing.features.campaignsText() },
    { icon: Send, title: LL.landing.features.distributionTitle(), text: LL.landing.features.distributionText() },
  ];
  return (
    <PublicLayout>
      <section className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-gradient-to-b from-primary/10 via-transparent to-transparent" aria-hidden />
        <div className="relative mx-auto max-w-4xl px-4 pt-16 pb-12 text-center md:pt-24">
          <span className="badge badge-primary badge-soft mb-6">{LL.landing.badge()}</span>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance md:text-6xl">{LL.landing.title()}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-base-content/70">{LL.landing.subtitle()}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/auth" search={{ tab: 'register' }} className="btn btn-primary btn-lg">
              {LL.landing.startTrial({ days: TRIAL_DAYS })}
            </Link>
            <a href="#pricing" className="btn btn-ghost btn-lg">
              {LL.landing.seePricing()}
            </a>
          </div>
          <ul className="mt-10 grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
            {perks.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center justify-center gap-2 rounded-box bg-base-200 px-3 py-2">
                <Icon className="size-4 shrink-0 text-primary" aria-hidden />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="mb-10 text-center text-3xl font-bold">{LL.landing.featuresTitle()}</h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <div key={title} className="card border border-base-300 bg-base-100">
              <div className="card-body">
                <span className="mb-2 flex size-10 items-center justify-center rounded-field bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="card-title text-lg">{title}</h3>
                <p className="text-sm text-base-content/70">{text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section id="pricing" className="scroll-mt-16 bg-base-200 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <PricingOverview />
        </div>
      </section>
    </PublicLayout>
  );
}
