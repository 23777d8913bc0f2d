import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/settings-page';
import { SETTINGS_TABS, type SettingsTab } from '../../features/settings/tabs';

export const Route = createFileRoute('/_app/settings')({
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab } => ({
    tab: SETTINGS_TABS.includes(search.tab as SettingsTab) ? (search.tab as SettingsTab) : undefined,
  }),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab = 'general' } = Route.useSearch();
  return <SettingsPage tab={tab} />;
}
