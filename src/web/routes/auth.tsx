import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { LanguageSelect } from '../components/language-select';
import { Logo } from '../components/logo';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';
import { safeRedirect } from '../features/auth/use-auth';
import { userQueryOptions } from '../lib/user';

type AuthSearch = { tab?: 'login' | 'register'; redirect?: string };

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    tab: search.tab === 'register' ? 'register' : search.tab === 'login' ? 'login' : undefined,
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  // A signed-in visitor has nothing to do here.
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    if (user) throw redirect({ to: '/dashboard' });
  },
  component: AuthPage,
});

function AuthPage() {
  const { LL } = useI18nContext();
  const { tab = 'login', redirect: target } = Route.useSearch();
  const navigate = useNavigate();
  const onDone = () => void navigate({ to: safeRedirect(target) });
  const setTab = (next: 'login' | 'register') => void navigate({ to: '/auth', search: { tab: next, redirect: target }, replace: true });

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
            <h1 className="text-center text-2xl font-bold">{LL.auth.title()}</h1>
            <p className="mb-2 text-center text-sm text-base-content/70">{LL.auth.subtitle()}</p>
            <div role="tablist" className="tabs tabs-box mb-2 grid grid-cols-2">
              <button type="button" role="tab" aria-selected={tab === 'login'} className={`tab ${tab === 'login' ? 'tab-active' : ''}`} onClick={() => setTab('login')}>
                {LL.auth.loginTab()}
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={tab === 'register'}
                className={`tab ${tab === 'register' ? 'tab-active' : ''}`}
                onClick={() => setTab('register')}
              >
                {LL.auth.registerTab()}
              </button>
            </div>
            <div role="tabpanel">{tab === 'login' ? <LoginForm onDone={onDone} /> : <RegisterForm onDone={onDone} />}</div>
            <p className="mt-4 text-center text-sm">
              {tab === 'login' ? LL.auth.noAccount() : LL.auth.haveAccount()}{' '}
              <button type="button" className="link link-primary" onClick={() => setTab(tab === 'login' ? 'register' : 'login')}>
                {tab === 'login' ? LL.auth.registerTab() : LL.auth.loginTab()}
              </button>
            </p>
          </div>
        </div>
      </div>
    </main>
  );
}
