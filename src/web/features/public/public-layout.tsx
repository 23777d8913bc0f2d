import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { LanguageSelect } from '../../components/language-select';
import { Logo } from '../../components/logo';
import { useUser } from '../../lib/user';

/** Header and footer of the public pages (landing, pricing, terms, privacy). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext();
  const { data: user } = useUser();
  return (
    <div className="flex min-h-screen flex-col bg-base-100">
      <header className="sticky top-0 z-20 border-b border-base-300 bg-base-100/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Link to="/" aria-label={LL.common.appName()}>
            <Logo />
          </Link>
          <nav className="ml-4 hidden sm:block">
            <Link to="/pricing" className="btn btn-ghost btn-sm" activeProps={{ className: 'btn-active' }}>
              {LL.public.pricing()}
            </Link>
          </nav>
          <div className="flex-1" />
          <LanguageSelect compact className="hidden w-36 sm:flex" />
          {user ? (
            <Link to="/dashboard" className="btn btn-primary btn-sm">
              {LL.public.goToDashboard()}
            </Link>
          ) : (
            <>
              <Link to="/auth" search={{ tab: 'login' }} className="btn btn-ghost btn-sm">
                {LL.public.login()}
              </Link>
              <Link to="/auth" search={{ tab: 'register' }} className="btn btn-primary btn-sm">
                {LL.public.getStarted()}
              </Link>
            </>
          )}
        </div>
      </header>
      <div className="flex-1">{children}</div>
      <footer className="border-t border-base-300 bg-base-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm sm:flex-row">
          <p className="opacity-70">{LL.public.rights({ year: new Date().getFullYear() })}</p>
          <nav className="flex flex-wrap items-center gap-4">
            <Link to="/pricing" className="link-hover link">
              {LL.public.pricing()}
            </Link>
            <Link to="/terms" className="link-hover link">
              {LL.public.terms()}
            </Link>
            <Link to="/privacy" className="link-hover link">
              {LL.public.privacy()}
            </Link>
            <LanguageSelect compact className="w-36 sm:hidden" />
          </nav>
        </div>
      </footer>
    </div>
  );
}
