import { createFileRoute } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { LegalPage } from '../features/public/legal-page';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const { LL } = useI18nContext();
  const p = LL.legal.privacy;
  return (
    <LegalPage
      title={LL.legal.privacyTitle()}
      sections={[
        { title: p.s1Title(), text: p.s1() },
        { title: p.s2Title(), text: p.s2() },
        { title: p.s3Title(), text: p.s3() },
        { title: p.s4Title(), text: p.s4() },
        { title: p.s5Title(), text: p.s5() },
      ]}
    />
  );
}
