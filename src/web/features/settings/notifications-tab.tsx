import { Bell, Mail } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { User } from '../../lib/user';
import { ToggleCard } from './settings-card';
import { useSaveSettings } from './use-save-settings';

// Which notices each topic governs: decision 225 (src/shared/notices.ts).
const TOPICS = ['campaigns', 'videos', 'analytics'] as const;

export function NotificationsTab({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const save = useSaveSettings();
  const n = LL.settings.notifications;
  const channels = [
    { key: 'email' as const, title: n.email(), icon: Mail },
    { key: 'push' as const, title: n.push(), icon: Bell },
  ];
  const hints = { campaigns: n.campaignsHint(), videos: n.videosHint(), analytics: n.analyticsHint() };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {channels.map(({ key, title, icon }) => (
        <ToggleCard
          key={key}
          title={title}
          icon={icon}
          toggles={TOPICS.map((topic) => ({
            label: n[topic](),
            hint: hints[topic],
            checked: user.settings.notifications[key][topic],
            onChange: (v: boolean) => save.mutate({ notifications: { [key]: { [topic]: v } } }),
            testId: `notify-${key}-${topic}`,
          }))}
        />
      ))}
    </div>
  );
}
