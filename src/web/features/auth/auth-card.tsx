import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { LanguageSelect } from '../../components/language-select';
import { Logo } from '../../components/logo';

/** The centred card of the public account pages (/auth, forgot and reset password). */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  const { LL } = useI18nContext();
  return (
    <main className="flex min-h-screen flex-col bg-base-200">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6">
        <Link to="/" aria-label={LL.common.appName()}>
          <Logo />
        </Link>
        <LanguageSelect compact className="w-36" />
      </header>
      <div className="flex flex-1 items-center justify-center px-4 py-8">
        <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
          <div className="card-body">
            <h1 className="text-center text-2xl font-bold">{title}</h1>
            {subtitle && <p className="mb-2 text-center text-sm text-base-content/70">{subtitle}</p>}
            {children}
            <p className="mt-4 text-center text-sm">
              {footer ?? (
                <Link to="/auth" search={{ tab: 'login' }} className="link link-primary">
                  {LL.auth.backToLogin()}
                </Link>
              )}
            </p>
          </div>
        </div>
      </div>
    </main>
  );
}
