import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A bordered card section of a screen: its heading (an icon, a hint below it, an action on the right) and its body.
 * `large` for a page's main sections (dashboard, a campaign's videos), `dense` for the side panels of a form.
 */
export function Panel({
  title,
  hint,
  icon: Icon,
  action,
  children,
  titleId,
  level = 2,
  large = false,
  dense = false,
  testId,
}: {
  title: ReactNode;
  hint?: string;
  icon?: LucideIcon;
  action?: ReactNode;
  children: ReactNode;
  /** The heading's id: the section is then labelled by it. */
  titleId?: string;
  level?: 2 | 3;
  large?: boolean;
  dense?: boolean;
  testId?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading id={titleId} className={large ? 'card-title' : 'card-title text-base'}>
      {Icon && <Icon className="size-5 text-primary" aria-hidden />}
      {Icon && ' '}
      {title}
    </Heading>
  );
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={titleId} data-testid={testId}>
      <div className={`card-body gap-3 ${dense ? 'p-4' : 'p-5'}`}>
        {hint || action ? (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              {heading}
              {hint && <p className="text-sm text-base-content/70">{hint}</p>}
            </div>
            {action}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
