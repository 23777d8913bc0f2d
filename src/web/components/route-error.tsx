import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../lib/rest';
import { ErrorState } from './query-state';

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

/** A failed query with no words of its own: the common message, the error's text and Try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { LL } = useI18nContext();
  return <ErrorState message={LL.common.errorText()} detail={errorMessage(error)} onRetry={onRetry} />;
}
