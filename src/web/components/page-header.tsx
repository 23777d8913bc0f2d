import type { ComponentProps, ReactNode } from 'react';
import { RefreshButton } from './refresh-button';

/**
 * A screen's title and subtitle, its actions on the right in one wrapping row; `refresh` puts the screen's
 * reload button first in that row.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  refresh,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  refresh?: ComponentProps<typeof RefreshButton>;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-base-content/70">{subtitle}</p>}
      </div>
      {(refresh || actions) && (
        <div className="flex flex-wrap items-center gap-2">
          {refresh && <RefreshButton {...refresh} />}
          {actions}
        </div>
      )}
    </div>
  );
}
