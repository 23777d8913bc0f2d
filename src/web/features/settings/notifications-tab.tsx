import { Bell, Mail } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { ToggleRow } from '../../components/toggle-row';
import type { User } from '../../lib/user';
import { useSaveSettings } from './use-save-settings';

const TOPICS = ['campaigns', 'videos', 'analytics', 'updates'] as const;

export function NotificationsTab({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const save = useSaveSettings();
  const n = LL.settings.notifications;
  const channels = [
    { key: 'email' as const, title: n.email(), icon: Mail },
    { key: 'push' as const, title: n.push(), icon: Bell },
  ];
  const hints = { campaigns: n.campaignsHint(), videos: n.videosHint(), analytics: n.analyticsHint(), updates: n.updatesHint() };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {channels.map(({ key, title, icon: Icon }) => (
        <section key={key} className="rounded-box border border-base-300 p-4">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Icon className="size-5" aria-hidden /> {title}
          </h2>
          <div className="divide-y divide-base-300">
            {TOPICS.map((topic) => (
              <ToggleRow
                key={topic}
                label={n[topic]()}
                hint={hints[topic]}
                checked={user.settings.notifications[key][topic]}
                onChange={(v) => save.mutate({ notifications: { [key]: { [topic]: v } } })}
                testId={`notify-${key}-${topic}`}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
