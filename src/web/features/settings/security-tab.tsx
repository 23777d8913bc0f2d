import { Link } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';

// The spec's privacy switches (share analytics, allow personalization) are gone: nothing in the
// product collects usage data or personalises suggestions, so they changed nothing (decision 225).
export function SecurityTab() {
  const { LL } = useI18nContext();
  const s = LL.settings.security;
  return (
    <div className="space-y-6">
      <section className="flex flex-wrap items-center justify-between gap-4 rounded-box border border-base-300 p-4">
        <div>
          <h2 className="text-lg font-semibold">{s.password()}</h2>
          <p className="text-sm text-base-content/60">{s.passwordHint()}</p>
        </div>
        <Link to="/profile" className="btn btn-outline btn-sm">
          {s.goToProfile()}
        </Link>
      </section>
    </div>
  );
}
