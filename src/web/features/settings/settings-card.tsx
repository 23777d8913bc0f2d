import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TSettingsPatch, UserSettings } from '@/domains/settings/schemas';
import { ToggleRow } from '../../components/toggle-row';

/** One bordered block of a settings tab: a title (with an icon when given), an optional hint, its body. */
export function SettingsCard({
  title,
  icon: Icon,
  hint,
  testId,
  children,
}: {
  title: string;
  icon?: LucideIcon;
  hint?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-box border border-base-300 p-4" data-testid={testId}>
      <h2 className={Icon ? 'flex items-center gap-2 text-lg font-semibold' : 'text-lg font-semibold'}>
        {Icon && <Icon className="size-5" aria-hidden />}
        {Icon && ' '}
        {title}
      </h2>
      {hint && <p className="mb-4 text-sm text-base-content/60">{hint}</p>}
      {children}
    </section>
  );
}

export type Toggle = { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void; testId: string };

type SwitchSection = 'advanced';

/**
 * The switches of one settings section: each key's label and hint are the tab's words `key()` and `keyHint()`, its
 * test id the key in kebab-case, and a change is saved as `{ [section]: { [key]: value } }`.
 */
export function sectionToggles<S extends SwitchSection, K extends keyof UserSettings[S] & string>(
  settings: UserSettings,
  section: S,
  keys: readonly K[],
  words: Record<K | `${K}Hint`, () => string>,
  save: (patch: TSettingsPatch) => void,
): Toggle[] {
  return keys.map((key) => ({
    label: words[key](),
    hint: words[`${key}Hint`](),
    checked: settings[section][key] as boolean,
    onChange: (v: boolean) => save({ [section]: { [key]: v } }),
    testId: key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
  }));
}

/** A settings card of switches, one row each. */
export function ToggleCard({ title, icon, toggles }: { title: string; icon?: LucideIcon; toggles: Toggle[] }) {
  return (
    <SettingsCard title={title} icon={icon}>
      <div className="divide-y divide-base-300">
        {toggles.map((t) => (
          <ToggleRow key={t.testId} {...t} />
        ))}
      </div>
    </SettingsCard>
  );
}
