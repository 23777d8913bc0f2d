import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';

/** The public pages' frame: the logo (home) and the language above one centred card. */
export function PublicCard({ children, bodyClassName = '', testId, state }: { children: ReactNode; bodyClassName?: string; testId?: string; state?: string }) {
  const { LL } = useI18nContext();
  return (
    <main className="flex min-h-screen flex-col bg-base-200" data-testid={testId} data-state={state}>
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6">
        <Link to="/" aria-label={LL.common.appName()}>
          <Logo />
        </Link>
        <LanguageSelect compact className="w-36" />
      </header>
      <div className="flex flex-1 items-center justify-center px-4 py-8">
        <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
          <div className={`card-body ${bodyClassName}`}>{children}</div>
        </div>
      </div>
    </main>
  );
}
