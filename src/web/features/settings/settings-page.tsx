import { useNavigate } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { useUser } from '../../lib/user';
import { AdvancedTab } from './advanced-tab';
import { GeneralTab } from './general-tab';
import { IntegrationsTab } from './integrations-tab';
import { NotificationsTab } from './notifications-tab';
import { SecurityTab } from './security-tab';
import { SETTINGS_TABS, type SettingsTab } from './tabs';
import { TeamTab } from './team-tab';
import { FilterTabs } from '@/web/components/filter-tabs';

export function SettingsPage({ tab }: { tab: SettingsTab }) {
  const { LL } = useI18nContext();
  const { data: user } = useUser();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <div>
      <PageHeader title={LL.settings.title()} subtitle={LL.settings.subtitle()} />
      <FilterTabs
        options={SETTINGS_TABS}
        value={tab}
        onChange={(t) => void navigate({ to: '/settings', search: { tab: t }, replace: true })}
        label={(t) => LL.settings.tabs[t]()}
        testId={(t) => `settings-tab-${t}`}
        variant="border"
        className="mb-6 flex-nowrap overflow-x-auto"
      />
      <div role="tabpanel" className="rounded-box border border-base-300 bg-base-100 p-4 md:p-6">
        {tab === 'general' && <GeneralTab user={user} />}
        {tab === 'notifications' && <NotificationsTab user={user} />}
        {tab === 'security' && <SecurityTab />}
        {tab === 'team' && <TeamTab />}
        {tab === 'integrations' && <IntegrationsTab />}
        {tab === 'advanced' && <AdvancedTab user={user} />}
      </div>
    </div>
  );
}
