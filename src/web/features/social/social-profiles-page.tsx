import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2, Plus, Send, Share2, ShieldCheck, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { Modal } from '@/web/components/modal';
import { useMessagingProvider, useProfiles, useRefetchSocial, type SocialProfile } from '@/web/lib/social-api';
import { SandboxBadge, SandboxInboxLink, SocialIcon } from '@/web/components/social/platform-icon';
import { CONNECT_PLATFORMS, channelLabel } from '@/web/lib/platforms';
import { useConnectFlow } from '@/web/components/social/use-connect-flow';
import { useTrpc } from '@/web/lib/trpc';
import { EmptyState, LoadingRows, QueryState } from '@/web/components/query-state';
import { ConnectPlatformList, ConnectWaiting } from '@/web/components/social/connect-platform-list';
import { useCan } from '@/web/lib/workspace-role';
import { PlanLimitNotice, profilesBlock, useSubscription } from '@/web/components/plan-limit';
import { PublishConnections } from '@/web/components/publishing/connections-section';

const STATUS_TONE: Record<string, string> = { active: 'badge-success', pending: 'badge-warning', disconnected: 'badge-ghost', error: 'badge-error' };

/** /social-profiles (spec part 2 §2.3): connected profiles with refresh, add and disconnect. */
export function SocialProfilesPage() {
  const { LL } = useI18nContext();
  const S = LL.social.profiles;
  const profiles = useProfiles();
  const provider = useMessagingProvider();
  const refetchSocial = useRefetchSocial();
  const trpc = useTrpc();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SocialProfile | null>(null);
  const isAdmin = useCan('admin');
  // At the plan's profile limit, Add Profile is disabled with the reason (the server refuses with 402 anyway).
  const atLimit = profilesBlock(useSubscription().data);

  // Asks the provider for every account's state and records it (and refreshes stale contacts): a mutation,
  // where GET /api/unipile/accounts only reads.
  const refresh = useMutation(
    trpc.social.refreshAccounts.mutationOptions({
      onSuccess: async (accounts) => {
        await refetchSocial();
        toast({ title: S.updated(), description: S.updatedText({ count: accounts.length }), variant: 'success' });
      },
      onError: (e) => toast({ title: S.refreshFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  const flow = useConnectFlow({
    size: { width: 600, height: 700 },
    refetchAfterOpen: true,
    onClosed: () => setAdding(false),
    connectedToast: (name) => ({ title: S.accountConnected(), description: S.accountConnectedText({ name }) }),
  });

  const list = profiles.data ?? [];
  const busy = refresh.isPending || profiles.isFetching;
  return (
    <div data-testid="social-profiles">
      <PageHeader
        title={S.title()}
        subtitle={S.subtitle()}
        refresh={{ onClick: () => refresh.mutate(), spinning: busy, disabled: refresh.isPending, label: S.refresh(), testId: 'profiles-refresh' }}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)} disabled={!!atLimit} data-testid="profiles-add">
            <Plus className="size-4" aria-hidden /> {S.add()}
          </button>
        }
      />

      {atLimit && (
        <div className="mb-6">
          <PlanLimitNotice block={atLimit} testId="profiles-limit" />
        </div>
      )}

      {provider.data?.sandbox && (
        <div className="alert mb-6 flex flex-wrap items-center border-warning/40 bg-warning/10 text-base-content" data-testid="sandbox-notice">
          <SandboxBadge />
          <span className="flex-1 text-sm">{LL.social.sandboxHint()}</span>
          <SandboxInboxLink />
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label={S.listTitle()}>
          <QueryState
            query={profiles}
            empty={list.length === 0}
            loading={<LoadingRows testId="profiles-loading" />}
            error={{ message: S.loadFailed(), detail: profiles.error ? errorMessage(profiles.error) : undefined, testId: 'profiles-error' }}
            emptyState={
              <EmptyState
                icon={Share2}
                title={S.emptyTitle()}
                text={S.emptyText()}
                testId="profiles-empty"
                action={
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)} data-testid="profiles-connect-first">
                    <Plus className="size-4" aria-hidden /> {S.connectFirst()}
                  </button>
                }
              />
            }
          >
            <ul className="space-y-3" data-testid="profile-list">
              {list.map((p) => (
                <ProfileRow key={p.id} profile={p} canShare={p.mine || !!isAdmin} onDisconnect={() => setRemoving(p)} />
              ))}
            </ul>
          </QueryState>
        </section>
        <HowItWorks />
      </div>

      <div className="mt-6">
        <PublishConnections />
      </div>

      <Modal open={adding} title={S.addTitle()} subtitle={S.addSubtitle()} onClose={() => setAdding(false)} testId="add-profile-dialog">
        <ConnectPlatformList platforms={CONNECT_PLATFORMS} pending={flow.pending} onStart={(p) => void flow.start(p)} testId={(p) => `connect-${p}`} />
        <ConnectWaiting link={flow.link} testId="connect-waiting" className="mt-4" />
      </Modal>

      <DisconnectDialog profile={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function ProfileRow({ profile: p, canShare, onDisconnect }: { profile: SocialProfile; canShare: boolean; onDisconnect: () => void }) {
  const { LL } = useI18nContext();
  const S = LL.social.profiles;
  const f = useFormat();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  // Its creator, an admin or the owner choose whether the workspace's members see and use it (403 for others).
  const setShared = useMutation(
    trpc.social.setShared.mutationOptions({
      onSuccess: async (r) => {
        await queryClient.invalidateQueries({ queryKey: trpc.social.profiles.queryKey() });
        toast({ title: r.shared ? S.sharedOn() : S.sharedOff(), variant: 'success' });
      },
      onError: (e) => toast({ title: S.sharedFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const status = p.status in LL.social.status ? LL.social.status[p.status as keyof typeof LL.social.status]() : p.status;
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3"
      data-testid="profile-row"
      data-platform={p.platform}
      data-status={p.status}
    >
      <SocialIcon platform={p.platform} className="size-6" tile />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-medium break-words" data-testid="profile-name">
            {p.profileName}
          </h2>
          <span className={`badge badge-sm ${STATUS_TONE[p.status] ?? 'badge-ghost'}`} data-testid="profile-status">
            {status}
          </span>
          {p.sandbox && <SandboxBadge />}
          {!canShare && p.shared && (
            <span className="badge badge-sm badge-ghost" data-testid="profile-shared-badge">
              {S.sharedBadge()}
            </span>
          )}
        </div>
        <p className="text-sm text-base-content/70">
          {channelLabel(LL, p.platform)}
          {p.connectedAt && <> · {S.connectedOn({ date: f.date(p.connectedAt) })}</>}
          {p.status === 'pending' && <> · {S.pendingHint()}</>}
        </p>
      </div>
      {canShare && (
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="toggle toggle-primary toggle-sm"
            checked={setShared.isPending ? !!setShared.variables?.shared : p.shared}
            disabled={setShared.isPending}
            onChange={(e) => setShared.mutate({ id: p.id, shared: e.target.checked })}
            data-testid="profile-shared"
          />
          {S.sharedToggle()}
        </label>
      )}
      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDisconnect} data-testid="profile-disconnect">
        <Unplug className="size-4" aria-hidden /> {S.disconnect()}
      </button>
    </li>
  );
}

function DisconnectDialog({ profile, onClose }: { profile: SocialProfile | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  const S = LL.social.profiles;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const refetchSocial = useRefetchSocial();
  const disconnect = useMutation(
    trpc.social.disconnect.mutationOptions({
      onSuccess: async () => {
        onClose();
        await refetchSocial();
        toast({ title: S.disconnected(), variant: 'success' });
      },
      onError: (e) => {
        onClose();
        void queryClient.invalidateQueries({ queryKey: trpc.social.profiles.queryKey() });
        toast({ title: S.disconnectFailed(), description: errorMessage(e), variant: 'destructive' });
      },
    }),
  );
  return (
    <ConfirmDialog
      open={!!profile}
      title={S.disconnectTitle({ name: profile?.profileName ?? '' })}
      confirmLabel={S.disconnect()}
      tone="error"
      pending={disconnect.isPending}
      onClose={onClose}
      onConfirm={() => profile && disconnect.mutate({ id: profile.id })}
    >
      {S.disconnectText()}
    </ConfirmDialog>
  );
}

/** The three-step how-it-works panel. */
function HowItWorks() {
  const { LL } = useI18nContext();
  const H = LL.social.profiles.how;
  const steps = [
    { icon: Link2, title: H.oneTitle(), text: H.oneText() },
    { icon: ShieldCheck, title: H.twoTitle(), text: H.twoText() },
    { icon: Send, title: H.threeTitle(), text: H.threeText() },
  ];
  return (
    <aside className="card h-fit border border-base-300 bg-base-100" data-testid="how-it-works">
      <div className="card-body gap-4 p-5">
        <h2 className="card-title text-base">{H.title()}</h2>
        <ol className="space-y-4">
          {steps.map((s, i) => (
            <li key={s.title} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary" aria-hidden>
                {i + 1}
              </span>
              <div>
                <h3 className="flex items-center gap-1.5 font-medium">
                  <s.icon className="size-4 text-base-content/60" aria-hidden /> {s.title}
                </h3>
                <p className="text-sm text-base-content/70">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </aside>
  );
}
