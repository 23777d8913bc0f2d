import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../lib/rest';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const { LL } = useI18nContext();
  const router = useRouter();
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-bold">{LL.common.errorTitle()}</h1>
      <p className="max-w-md text-base-content/70">{LL.common.errorText()}</p>
      <p className="max-w-md text-sm text-error">{errorMessage(error)}</p>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        {LL.common.tryAgain()}
      </button>
    </div>
  );
}

/** An inline error state for a failed query, with Try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { LL } = useI18nContext();
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
      <span className="flex-1">
        {LL.common.errorText()} <span className="opacity-80">{errorMessage(error)}</span>
      </span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {LL.common.tryAgain()}
      </button>
    </div>
  );
}
