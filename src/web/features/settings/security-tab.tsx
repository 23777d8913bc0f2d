import { Link } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import type { User } from '../../lib/user';
import { sectionToggles, ToggleCard } from './settings-card';
import { useSaveSettings } from './use-save-settings';

export function SecurityTab({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const save = useSaveSettings();
  const s = LL.settings.security;
  return (
    <div className="space-y-6">
      <ToggleCard title={s.privacy()} toggles={sectionToggles(user.settings, 'security', ['shareAnalytics', 'allowPersonalization'], s, save.mutate)} />
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
