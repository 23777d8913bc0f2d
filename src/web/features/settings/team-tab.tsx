import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';

export function TeamTab() {
  const { LL } = useI18nContext();
  const t = LL.settings.team;
  return (
    <section className="flex flex-col items-center rounded-box border border-dashed border-base-300 px-6 py-12 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Users className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">{t.title()}</h2>
      <p className="mt-2 max-w-md text-base-content/70">{t.text()}</p>
      <Link to="/subscription" className="btn btn-primary mt-6">
        {t.upgrade()}
      </Link>
    </section>
  );
}
