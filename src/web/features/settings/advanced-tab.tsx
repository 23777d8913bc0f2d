import { useI18nContext } from '@locales/i18n-react';
import type { User } from '../../lib/user';
import { ApiKeys } from './api-keys';
import { DangerZone } from './danger-zone';
import { DataExport } from './data-export';
import { sectionToggles, ToggleCard } from './settings-card';
import { useSaveSettings } from './use-save-settings';
import { Webhooks } from './webhooks';

export function AdvancedTab({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const save = useSaveSettings();
  const a = LL.settings.advanced;
  return (
    <div className="space-y-6">
      <ToggleCard title={a.developer()} toggles={sectionToggles(user.settings, 'advanced', ['developerMode'], a, save.mutate)} />
      <ApiKeys />
      <Webhooks />
      <DataExport />
      <DangerZone />
    </div>
  );
}
