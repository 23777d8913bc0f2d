import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
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
