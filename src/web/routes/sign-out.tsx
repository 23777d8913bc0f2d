import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { FullPageSpinner } from '../components/spinner';
import { useLogout } from '@/web/lib/use-logout';
import { AppShell } from '../features/shell/app-shell';
import { useUser } from '../lib/user';
import { PendingButton } from '@/web/components/pending-button';

export const Route = createFileRoute('/sign-out')({
  component: SignOutPage,
});

function SignOutPage() {
  const { LL } = useI18nContext();
  const { data: user, isPending } = useUser();
  const logout = useLogout('page');
  const router = useRouter();

  if (isPending) return <FullPageSpinner />;
  if (!user) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
        <div className="card w-full max-w-sm bg-base-100 shadow">
          <div className="card-body items-center text-center">
            <p>{LL.signOut.notSignedIn()}</p>
            <Link to="/auth" className="btn btn-primary mt-2">
              {LL.public.login()}
            </Link>
          </div>
        </div>
      </main>
    );
  }

  const onConfirm = () => logout.mutate();

  return (
    <AppShell user={user}>
      <div className="flex justify-center pt-8">
        <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm" data-testid="sign-out-card">
          <div className="card-body items-center text-center">
            <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-error/10 text-error">
              <LogOut className="size-7" aria-hidden />
            </span>
            <h1 className="card-title text-2xl">{LL.signOut.title()}</h1>
            <p className="text-base-content/70">{LL.signOut.text()}</p>
            <div className="card-actions mt-4 w-full flex-col-reverse gap-2 sm:flex-row sm:justify-center">
              <button type="button" className="btn btn-ghost" onClick={() => router.history.back()} disabled={logout.isPending}>
                {LL.common.cancel()}
              </button>
              <PendingButton
                pending={logout.isPending}
                type="button"
                className="btn-error"
                onClick={onConfirm}
                testId="confirm-sign-out"
                pendingLabel={LL.signOut.signingOut()}
              >
                {LL.signOut.confirm()}
              </PendingButton>
            </div>
          </div>
        </div>
      </div>
    </AppShell>
  );
}
