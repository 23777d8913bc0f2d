import { Link } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { ToggleRow } from '../../components/toggle-row';
import type { User } from '../../lib/user';
import { useSaveSettings } from './use-save-settings';

export function SecurityTab({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const save = useSaveSettings();
  const s = LL.settings.security;
  return (
    <div className="space-y-6">
      <section className="rounded-box border border-base-300 p-4">
        <h2 className="text-lg font-semibold">{s.privacy()}</h2>
        <div className="divide-y divide-base-300">
          <ToggleRow
            label={s.shareAnalytics()}
            hint={s.shareAnalyticsHint()}
            checked={user.settings.security.shareAnalytics}
            onChange={(v) => save.mutate({ security: { shareAnalytics: v } })}
            testId="share-analytics"
          />
          <ToggleRow
            label={s.allowPersonalization()}
            hint={s.allowPersonalizationHint()}
            checked={user.settings.security.allowPersonalization}
            onChange={(v) => save.mutate({ security: { allowPersonalization: v } })}
            testId="allow-personalization"
          />
        </div>
      </section>
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
