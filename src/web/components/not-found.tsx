import { Link } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';

export function NotFoundPage() {
  const { LL } = useI18nContext();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-base-200 p-6 text-center">
      <p className="text-7xl font-black text-primary">404</p>
      <h1 className="text-2xl font-bold">{LL.notFound.title()}</h1>
      <p className="max-w-md text-base-content/70">{LL.notFound.text()}</p>
      <Link to="/" className="btn btn-primary">
        {LL.common.backHome()}
      </Link>
    </main>
  );
}
