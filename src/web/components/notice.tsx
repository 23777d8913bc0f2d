import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const TONE = { success: 'alert-success', error: 'alert-error', warning: 'alert-warning', info: 'alert-info' } as const;

/** An outcome said in the page: an icon, a bold title, the details, and the next step if any. */
export function Notice({
  tone,
  icon: Icon,
  title,
  children,
  action,
  testId,
}: {
  tone: keyof typeof TONE;
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  // Good news is a status; a failure or a warning interrupts (alert).
  const role = tone === 'success' || tone === 'info' ? 'status' : 'alert';
  return (
    <div role={role} className={`alert ${TONE[tone]} alert-soft flex flex-wrap`} data-testid={testId}>
      <Icon className="size-5" aria-hidden />
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
      {action}
    </div>
  );
}
