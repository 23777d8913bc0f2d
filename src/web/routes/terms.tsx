import { createFileRoute } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { TRIAL_DAYS } from '@/shared/plans';
import { LegalPage } from '../features/public/legal-page';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  const { LL } = useI18nContext();
  const t = LL.legal.terms;
  return (
    <LegalPage
      title={LL.legal.termsTitle()}
      sections={[
        { title: t.s1Title(), text: t.s1() },
        { title: t.s2Title(), text: t.s2() },
        { title: t.s3Title(), text: t.s3() },
        { title: t.s4Title(), text: t.s4() },
        { title: t.s5Title(), text: t.s5({ days: TRIAL_DAYS }) },
        { title: t.s6Title(), text: t.s6() },
      ]}
    />
  );
}
