import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { CircleAlert, MailCheck, Users } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { PublicCard } from '@/web/components/public-card';
import { Notice } from '@/web/components/notice';
import { ErrorState } from '@/web/components/query-state';
import { PendingButton } from '@/web/components/pending-button';
import { Spinner } from '@/web/components/spinner';
import { api, errorMessage } from '@/web/lib/rest';
import { useTranslateMessage } from '@/web/lib/validation';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { useUser } from '@/web/lib/user';

/** The page's card: its title above what the visitor can do. */
function InviteCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicCard testId="invite-page">
      <h1 className="mb-2 text-center text-2xl font-bold">{title}</h1>
      {children}
    </PublicCard>
  );
}

const isNotFound = (e: unknown) => e instanceof TRPCClientError && (e.data as { code?: string } | undefined)?.code === 'NOT_FOUND';

/**
 * The link of an invitation e-mail: which workspace, who invited whom. Signed out, sign in or sign up
 * and come back here; signed in with the invited address, accept (the session then acts in it).
 */
export function InvitePage({ token }: { token: string }) {
  const { LL } = useI18nContext();
  const t = LL.workspaces.invite;
  const trpc = useTrpc();
  const translate = useTranslateMessage();
  const user = useUser();
  const preview = useQuery({ ...trpc.workspaces.previewInvite.queryOptions({ token }), retry: false });
  const accept = useMutation(
    trpc.workspaces.acceptInvite.mutationOptions({
      onSuccess: (r) => {
        toast({ title: t.accepted({ workspace: r.workspaceName }), variant: 'success' });
        // Every screen's data belongs to the workspace now acted in: start over, nothing stale cached.
        window.location.assign('/dashboard');
      },
      onError: (e) => toast({ title: t.failed(), description: translate(errorMessage(e)), variant: 'destructive' }),
    }),
  );
  // Accepting needs the address confirmed (docs/decisions/205): the link can be sent again from here.
  const resend = useMutation({
    mutationFn: () => api.post('/api/email/verification'),
    onSuccess: () => toast({ title: LL.profile.linkSent(), variant: 'success' }),
    onError: (e) => toast({ title: t.failed(), description: translate(errorMessage(e)), variant: 'destructive' }),
  });

  if (preview.isPending || user.isPending) {
    return (
      <InviteCard title={LL.workspaces.switcher.title()}>
        <Spinner className="mx-auto my-6 text-primary" />
      </InviteCard>
    );
  }
  if (preview.isError) {
    return (
      <InviteCard title={LL.workspaces.switcher.title()}>
        {isNotFound(preview.error) ? (
          <Notice tone="error" icon={CircleAlert} title={t.invalid()} testId="invite-invalid" />
        ) : (
          <ErrorState message={t.loadFailed()} detail={errorMessage(preview.error)} onRetry={() => void preview.refetch()} />
        )}
      </InviteCard>
    );
  }

  const p = preview.data;
  const role = LL.workspaces.roles[p.role]();
  const here = `/invite/${token}`;
  const me = user.data;
  return (
    <InviteCard title={t.title({ workspace: p.workspaceName })}>
      <p className="mb-4 flex items-start gap-3 text-base-content/80" data-testid="invite-text">
        <Users className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <span>
          {p.inviterName
            ? t.text({ inviter: p.inviterName, email: p.email, workspace: p.workspaceName, role })
            : t.textNoInviter({ email: p.email, workspace: p.workspaceName, role })}
        </span>
      </p>
      {p.used ? (
        <Notice tone="warning" icon={CircleAlert} title={t.used()} testId="invite-used" />
      ) : p.expired ? (
        <Notice tone="warning" icon={CircleAlert} title={t.expired()} testId="invite-expired" />
      ) : !me ? (
        <div className="space-y-3" data-testid="invite-signed-out">
          <p className="text-sm">{t.signInText({ email: p.email })}</p>
          <div className="grid grid-cols-2 gap-2">
            <Link to="/auth" search={{ tab: 'login', redirect: here }} className="btn btn-primary" data-testid="invite-sign-in">
              {t.signIn()}
            </Link>
            <Link to="/auth" search={{ tab: 'register', redirect: here }} className="btn btn-outline" data-testid="invite-sign-up">
              {t.signUp()}
            </Link>
          </div>
        </div>
      ) : me.email.toLowerCase() !== p.email.toLowerCase() ? (
        <Notice
          tone="warning"
          icon={CircleAlert}
          title={t.wrongAccount({ email: p.email })}
          testId="invite-wrong-account"
          action={
            <Link to="/sign-out" className="btn btn-sm">
              {t.signOut()}
            </Link>
          }
        >
          <p className="text-sm">{t.signedInAs({ email: me.email })}</p>
        </Notice>
      ) : !me.emailVerified ? (
        <Notice
          tone="info"
          icon={MailCheck}
          title={t.unverified({ email: me.email })}
          testId="invite-unverified"
          action={
            <button type="button" className="btn btn-sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {LL.profile.resendLink()}
            </button>
          }
        >
          <p className="text-sm">{t.signedInAs({ email: me.email })}</p>
        </Notice>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-base-content/70">{t.signedInAs({ email: me.email })}</p>
          <PendingButton
            type="button"
            pending={accept.isPending}
            pendingLabel={t.accepting()}
            className="btn-primary w-full"
            onClick={() => accept.mutate({ token })}
            testId="invite-accept"
          >
            {t.accept()}
          </PendingButton>
        </div>
      )}
    </InviteCard>
  );
}
