import { useI18nContext } from '@locales/i18n-react';

export function Spinner({ className = '' }: { className?: string }) {
  const { LL } = useI18nContext();
  return <span className={`loading loading-spinner ${className}`} role="status" aria-label={LL.common.loading()} />;
}

/** A panel's first load: the large spinner, centred; `className` sets the room around it (default `py-10`). */
export function LoadingBlock({ className = 'py-10' }: { className?: string }) {
  return (
    <div className={`flex justify-center ${className}`}>
      <Spinner className="loading-lg text-primary" />
    </div>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center p-8" data-testid="page-spinner">
      <Spinner className="loading-lg text-primary" />
    </div>
  );
}
