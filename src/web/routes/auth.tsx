import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { AuthCard } from '../features/auth/auth-card';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';
import { safeRedirect } from '../features/auth/use-auth';
import { userQueryOptions } from '../lib/user';
import { FilterTabs } from '@/web/components/filter-tabs';

const AUTH_TABS = ['login', 'register'] as const;
type AuthSearch = { tab?: (typeof AUTH_TABS)[number]; redirect?: string };

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
    <AuthCard
      title={LL.auth.title()}
      subtitle={LL.auth.subtitle()}
      footer={
        <>
          {tab === 'login' ? LL.auth.noAccount() : LL.auth.haveAccount()}{' '}
          <button type="button" className="link link-primary" onClick={() => setTab(tab === 'login' ? 'register' : 'login')}>
            {tab === 'login' ? LL.auth.registerTab() : LL.auth.loginTab()}
          </button>
        </>
      }
    >
      <FilterTabs
        options={AUTH_TABS}
        value={tab}
        onChange={setTab}
        label={(t) => (t === 'login' ? LL.auth.loginTab() : LL.auth.registerTab())}
        className="mb-2 grid grid-cols-2"
        tabClassName=""
      />
      <div role="tabpanel">{tab === 'login' ? <LoginForm onDone={onDone} /> : <RegisterForm onDone={onDone} />}</div>
    </AuthCard>
  );
}
