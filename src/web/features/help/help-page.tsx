import { Link } from '@tanstack/react-router';
import { BookOpen, CreditCard, Headphones, Settings } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { ContactSupport } from './contact-support';
import { filterFaq, useFaq } from './faq';
import { useTutorials } from './tutorials';
import { SearchInput } from '@/web/components/search-input';

export function HelpPage() {
  const { LL } = useI18nContext();
  const [query, setQuery] = useState('');
  const faq = filterFaq(useFaq(), query);
  const tutorials = useTutorials();
  const cards = LL.help.supportCards;

  return (
    <div>
      <PageHeader title={LL.help.title()} subtitle={LL.help.subtitle()} />
      <SearchInput value={query} onChange={setQuery} label={LL.help.search()} className="input-lg mb-8 w-full" testId="help-search" />

      <div className="grid gap-8 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="faq-title">
          <h2 id="faq-title" className="mb-4 text-xl font-semibold">
            {LL.help.faq()}
          </h2>
          {faq.length === 0 ? (
            <p className="rounded-box bg-base-100 p-6 text-center text-base-content/70" data-testid="faq-empty">
              {LL.help.noResults({ query })}
            </p>
          ) : (
            <div className="space-y-2" data-testid="faq">
              {faq.map((item, i) => (
                <div
                  key={item.id}
                  className={`collapse-arrow collapse border border-base-300 bg-base-100 ${query.trim() ? 'collapse-open' : ''}`}
                  data-testid="faq-item"
                >
                  <input type="radio" name="faq" defaultChecked={i === 0} aria-label={item.q} />
                  <div className="collapse-title font-medium">{item.q}</div>
                  <div className="collapse-content text-sm text-base-content/80">
                    <p>{item.a}</p>
                  </div>
                </div>
              ))}
            </div>
          )}
        </section>

        <section aria-labelledby="tutorials-title">
          <h2 id="tutorials-title" className="mb-4 text-xl font-semibold">
            {LL.help.tutorials()}
          </h2>
          <ul className="menu w-full rounded-box border border-base-300 bg-base-100">
            {tutorials.map((t) => (
              <li key={t.id}>
                <Link to="/tutorial" hash={t.id}>
                  <BookOpen className="size-4" aria-hidden /> {t.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="mt-10" aria-labelledby="support-title">
        <h2 id="support-title" className="mb-1 text-xl font-semibold">
          {LL.help.supportTitle()}
        </h2>
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-base-content/70">
          <Headphones className="size-4" aria-hidden /> {cards.available()}
          <a href="#contact-title" className="link link-primary" data-testid="contact-support-link">
            {LL.help.contact.title()}
          </a>
        </p>
        <div className="grid gap-4 md:grid-cols-3">
          {[
            { icon: BookOpen, title: cards.tutorialsTitle(), text: cards.tutorialsText(), action: cards.tutorialsAction(), to: '/tutorial' as const },
            { icon: CreditCard, title: cards.accountTitle(), text: cards.accountText(), action: cards.accountAction(), to: '/subscription' as const },
            { icon: Settings, title: cards.settingsTitle(), text: cards.settingsText(), action: cards.settingsAction(), to: '/settings' as const },
          ].map(({ icon: Icon, title, text, action, to }) => (
            <div key={to} className="card border border-base-300 bg-base-100">
              <div className="card-body">
                <Icon className="size-6 text-primary" aria-hidden />
                <h3 className="card-title text-base">{title}</h3>
                <p className="text-sm text-base-content/70">{text}</p>
                <div className="card-actions">
                  <Link to={to} className="btn btn-outline btn-sm">
                    {action}
                  </Link>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>

      <ContactSupport />
    </div>
  );
}
