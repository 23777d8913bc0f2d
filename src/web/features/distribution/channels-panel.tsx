import { Check, Radio } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { SandboxBadge, SocialIcon } from '@/web/components/social/platform-icon';
import { CHANNELS, channelLabel, type Channel } from '@/web/lib/platforms';
import { isSelectable } from './selection';
import { Panel } from '@/web/components/panel';

/** The seven channels: connected ones (and e-mail) toggle; the others are dimmed, Not connected. */
export function ChannelsPanel({
  connected,
  sandbox,
  selected,
  onToggle,
  onConnect,
}: {
  connected: ReadonlySet<string>;
  /** Platforms whose active account is a sandbox one. */
  sandbox: ReadonlySet<string>;
  selected: Channel[];
  onToggle: (c: Channel) => void;
  onConnect: () => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.distribution.channels;
  return (
    <Panel title={T.title()} icon={Radio} titleId="channels" level={3} dense testId="channels">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
        {CHANNELS.map((c) => {
          const available = isSelectable(c, connected);
          const on = available && selected.includes(c);
          return (
            <li key={c}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!available}
                onClick={() => onToggle(c)}
                className={`relative flex h-full w-full flex-col items-center gap-1 rounded-box border p-3 text-center transition-colors ${
                  on ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200'
                } ${available ? '' : 'cursor-not-allowed opacity-45 hover:bg-transparent'}`}
                data-testid={`channel-${c}`}
                data-available={available}
                data-selected={on}
              >
                {on && <Check className="absolute top-1.5 right-1.5 size-4 text-primary" aria-hidden />}
                <SocialIcon platform={c} className="size-6" decorative />
                <span className="text-sm font-medium">{channelLabel(LL, c)}</span>
                <span className="text-xs text-base-content/60">{c === 'email' ? T.alwaysAvailable() : available ? T.connected() : T.notConnected()}</span>
                {available && sandbox.has(c) && <SandboxBadge className="badge-xs" />}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="link link-primary self-start text-sm" onClick={onConnect}>
        {T.connectMore()}
      </button>
    </Panel>
  );
}
