import { useI18nContext } from '@locales/i18n-react';
import { ToggleRow } from '../../components/toggle-row';
import type { User } from '../../lib/user';
import { ApiKeys } from './api-keys';
import { DangerZone } from './danger-zone';
import { DataExport } from './data-export';
import { useSaveSettings } from './use-save-settings';
import { Webhooks } from './webhooks';

export function AdvancedTab({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const save = useSaveSettings();
  const a = LL.settings.advanced;
  return (
    <div className="space-y-6">
      <section className="rounded-box border border-base-300 p-4">
        <h2 className="text-lg font-semibold">{a.developer()}</h2>
        <div className="divide-y divide-base-300">
          <ToggleRow
            label={a.developerMode()}
            hint={a.developerModeHint()}
            checked={user.settings.advanced.developerMode}
            onChange={(v) => save.mutate({ advanced: { developerMode: v } })}
            testId="developer-mode"
          />
          <ToggleRow
            label={a.betaFeatures()}
            hint={a.betaFeaturesHint()}
            checked={user.settings.advanced.betaFeatures}
            onChange={(v) => save.mutate({ advanced: { betaFeatures: v } })}
            testId="beta-features"
          />
        </div>
      </section>
      <ApiKeys />
      <Webhooks />
      <DataExport />
      <DangerZone />
    </div>
  );
}
