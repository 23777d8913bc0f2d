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

type StepQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** While a step's list loads, a spinner; when it failed, what failed (the step's words) with the error and Try again. */
export function StepQueryStatus({ query, errorText }: { query: StepQuery; errorText: string }) {
  if (query.isPending) return <Spinner className="text-primary" />;
  if (!query.isError) return null;
  return (
    <div>
      <p className="mb-2 font-medium text-error">{errorText}</p>
      <QueryError error={query.error} onRetry={() => void query.refetch()} />
    </div>
  );
}

/** A step's section that lists what a query loads: its h3, the load's status, then the list (`children`). */
export function StepQuerySection({
  id,
  title,
  query,
  errorText,
  children,
}: {
  id: string;
  title: string;
  query: StepQuery;
  errorText: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-3 font-semibold">
        {title}
      </h3>
      <StepQueryStatus query={query} errorText={errorText} />
      {children}
    </section>
  );
}
