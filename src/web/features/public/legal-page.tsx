import { useI18nContext } from '@locales/i18n-react';
import type { TranslationFunctions } from '@locales/i18n-types';
import { TRIAL_DAYS } from '@/shared/plans';
import { useFormat } from '../../lib/format';
import { PublicLayout } from './public-layout';

// The date these texts last changed; bump it with the text.
const LAST_UPDATED = '2026-11-21';

const SECTIONS = { privacy: ['s1', 's2', 's3', 's4', 's5'], terms: ['s1', 's2', 's3', 's4', 's5', 's6'] } as const;

/** The numbered sections of a legal text, from its strings `sN` and `sNTitle`. */
function sectionsOf(LL: TranslationFunctions, kind: keyof typeof SECTIONS) {
  const { privacy: p, terms: t } = LL.legal;
  if (kind === 'privacy') return SECTIONS.privacy.map((k) => ({ title: p[`${k}Title`](), text: p[k]() }));
  // Only the trial section takes an argument; the other texts ignore it.
  return SECTIONS.terms.map((k) => ({ title: t[`${k}Title`](), text: t[k]({ days: TRIAL_DAYS }) }));
}

/** The privacy policy or the terms: the title, the date of the text, the numbered sections. */
export function LegalPage({ kind }: { kind: keyof typeof SECTIONS }) {
  const { LL } = useI18nContext();
  const f = useFormat();
  const title = kind === 'privacy' ? LL.legal.privacyTitle() : LL.legal.termsTitle();
  const sections = sectionsOf(LL, kind);
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
