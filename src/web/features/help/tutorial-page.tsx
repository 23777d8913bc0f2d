import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { useTutorials } from './tutorials';

export function TutorialPage() {
  const { LL } = useI18nContext();
  const tutorials = useTutorials();
  return (
    <div>
      <PageHeader title={LL.tutorial.title()} subtitle={LL.tutorial.subtitle()} />
      <div className="grid gap-6 lg:grid-cols-2">
        {tutorials.map((t, i) => (
          <section key={t.id} id={t.id} className="card scroll-mt-24 border border-base-300 bg-base-100">
            <div className="card-body">
              <h2 className="card-title">
                <span className="badge badge-primary">{i + 1}</span> {t.title}
              </h2>
              <ol className="steps steps-vertical">
                {t.steps.map((step) => (
                  <li key={step} className="step step-primary text-left">
                    <span className="text-left">{step}</span>
                  </li>
                ))}
              </ol>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
