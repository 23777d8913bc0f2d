import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';

/** Placeholder rows while a list loads (the rows' height in Tailwind units, e.g. `h-20`). */
export function LoadingRows({ rows = 3, height = 'h-20', testId }: { rows?: number; height?: string; testId?: string }) {
  return (
    <div className="space-y-3" data-testid={testId} aria-busy="true">
      {ROW_KEYS.slice(0, rows).map((k) => (
        <div key={k} className={`skeleton ${height}`} />
      ))}
    </div>
  );
}
const ROW_KEYS = Array.from({ length: 12 }, (_, i) => `row-${i}`);

/** A failed load: the screen's message, the error's text if any, and Try again (`compact` inside a panel). */
export function ErrorState({
  message,
  detail,
  onRetry,
  testId,
  compact = false,
}: {
  message: string;
  detail?: string;
  onRetry: () => void;
  testId?: string;
  compact?: boolean;
}) {
  const { LL } = useI18nContext();
  return (
    <div role="alert" className={`alert alert-error alert-soft flex flex-wrap ${compact ? 'py-2 text-sm' : ''}`} data-testid={testId}>
      <span className="flex-1">
        {message}
        {detail && <span className="opacity-80"> {detail}</span>}
      </span>
      <button type="button" className={`btn ${compact ? 'btn-xs' : 'btn-sm'}`} onClick={onRetry}>
        {LL.common.tryAgain()}
      </button>
    </div>
  );
}

/** Nothing to show yet: an icon, a title, a sentence and the first step to take (`compact` inside a panel). */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  testId,
  compact = false,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
  compact?: boolean;
}) {
  if (compact)
    return (
      <div className="flex flex-col items-center gap-2 rounded-box border border-dashed border-base-300 px-6 py-10 text-center" data-testid={testId}>
        <Icon className="size-8 text-base-content/40" aria-hidden />
        <p className="font-medium">{title}</p>
        {text && <p className="max-w-md text-sm text-base-content/70">{text}</p>}
        {action}
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center" data-testid={testId}>
      <div className="rounded-full bg-primary/10 p-4 text-primary">
        <Icon className="size-8" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      {text && <p className="max-w-md text-base-content/70">{text}</p>}
      {action}
    </div>
  );
}

/** A filter or search that matches nothing: the sentence and the button that clears it. */
export function NoMatch({ text, clearLabel, onClear, testId }: { text: string; clearLabel: string; onClear: () => void; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center" data-testid={testId}>
      <p className="text-base-content/70">{text}</p>
      <button type="button" className="btn btn-sm" onClick={onClear}>
        {clearLabel}
      </button>
    </div>
  );
}

type QueryLike = { isPending: boolean; isError: boolean; data?: unknown; refetch: () => unknown };
/** What a panel needs of a query its screen runs (react-query's result fits). */
export type QueryOf<T> = { isPending: boolean; isError: boolean; data: T | undefined; error: unknown; refetch: () => unknown };

/**
 * The one shape of a screen's list: a skeleton while the first load runs, the error with Try again when
 * it failed with nothing to show (a failed refresh keeps the shown data), the empty state, else the content.
 */
export function QueryState({
  query,
  empty,
  loading,
  error,
  emptyState,
  children,
}: {
  query: QueryLike;
  /** True when the loaded data has nothing to list. */
  empty: boolean;
  loading: ReactNode;
  error: { message: string; detail?: string; testId?: string; compact?: boolean };
  emptyState: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError && query.data === undefined) return <ErrorState {...error} onRetry={() => void query.refetch()} />;
  if (empty) return emptyState;
  return children;
}
