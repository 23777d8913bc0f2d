import type { ReactNode } from 'react';
import { QueryError } from '../../../components/route-error';
import { Spinner } from '../../../components/spinner';

/** A wizard step's heading: its title and hint, more lines under them, an action on the right. */
export function StepHeader({ title, hint, action, children }: { title: string; hint: string; action?: ReactNode; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="text-base-content/70">{hint}</p>
        {children}
      </div>
      {action}
    </header>
  );
}

/** While a step's list loads, a spinner; when it failed, what failed (the step's words) with the error and Try again. */
export function StepQueryStatus({
  query,
  errorText,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  errorText: string;
}) {
  if (query.isPending) return <Spinner className="text-primary" />;
  if (!query.isError) return null;
  return (
    <div>
      <p className="mb-2 font-medium text-error">{errorText}</p>
      <QueryError error={query.error} onRetry={() => void query.refetch()} />
    </div>
  );
}
