import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../lib/format';
import { PublicLayout } from './public-layout';

// The date these texts last changed; bump it with the text.
const LAST_UPDATED = '2026-11-21';

export function LegalPage({ title, sections }: { title: string; sections: { title: string; text: string }[] }) {
  const { LL } = useI18nContext();
  const f = useFormat();
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-4xl font-extrabold">{title}</h1>
        <p className="mt-2 text-sm opacity-60">{LL.legal.lastUpdated({ date: f.date(LAST_UPDATED) })}</p>
        <div className="mt-10 space-y-8">
          {sections.map((s, i) => (
            <section key={s.title}>
              <h2 className="text-xl font-semibold">
                {i + 1}. {s.title}
              </h2>
              <p className="mt-2 leading-relaxed text-base-content/80">{s.text}</p>
            </section>
          ))}
        </div>
      </article>
    </PublicLayout>
  );
}
