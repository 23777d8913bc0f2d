import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/app/router';
import { ConfirmFor } from '@/web/components/confirm-dialog';
import { PendingButton } from '@/web/components/pending-button';
import { useFormat } from '@/web/lib/format';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { IntegrationForm } from './integration-form';
import { useIntegrationDescription, useIntegrationMessage } from './messages';

export type Integration = inferRouterOutputs<AppRouter>['integrations']['list']['integrations'][number];

const TONE = { connected: 'badge-success', failed: 'badge-error', untested: 'badge-warning' } as const;

/** One provider: its status (not connected, connected, failed with the vendor's reason), its key's last four characters, and its actions. */
export function IntegrationCard({ integration: it }: { integration: Integration }) {
  const { LL } = useI18nContext();
  const t = LL.settings.integrations;
  const f = useFormat();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const message = useIntegrationMessage();
  const descriptionOf = useIntegrationDescription();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<Integration | null>(null);
  const c = it.connection;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.integrations.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.voices.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.avatars.list.queryKey() });
  };
  const failed = (e: unknown) => toast({ title: t.actionFailed(), description: message(errorMessage(e)), variant: 'destructive' });
  const test = useMutation(
    trpc.integrations.test.mutationOptions({
      onSuccess: (r) => {
        const ok = r.connection?.status === 'connected';
        toast({
          title: ok ? t.connectedToast({ name: r.name }) : t.failedToast({ name: r.name }),
          description: ok ? undefined : (r.connection?.message ?? undefined),
          variant: ok ? 'success' : 'destructive',
        });
        refresh();
      },
      onError: failed,
    }),
  );
  const remove = useMutation(
    trpc.integrations.remove.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        toast({ title: t.removed(), variant: 'success' });
        refresh();
      },
      onError: failed,
    }),
  );
  const status = c?.status ?? 'notConnected';
  const found = c?.count != null ? (it.kind === 'voice' ? t.voicesFound({ count: c.count }) : t.avatarsFound({ count: c.count })) : null;

  return (
    <article className="rounded-box border border-base-300 p-4" data-testid={`integration-${it.provider}`} data-status={status}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{it.name}</h3>
        <span className={`badge badge-sm shrink-0 ${c ? TONE[c.status] : 'badge-ghost'}`} data-testid="integration-status">
          {c ? t.status[c.status]() : t.status.notConnected()}
        </span>
      </div>
      <p className="text-sm text-base-content/70">{descriptionOf(it.provider)}</p>

      {c ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {c.baseUrl && (
            <>
              <dt className="text-base-content/60">{t.baseUrl()}</dt>
              <dd className="min-w-0 break-all font-mono">{c.baseUrl}</dd>
            </>
          )}
          {c.model && (
            <>
              <dt className="text-base-content/60">{t.model()}</dt>
              <dd className="font-mono">{c.model}</dd>
            </>
          )}
          {c.apiIdHint && (
            <>
              <dt className="text-base-content/60">{t.apiId()}</dt>
              <dd className="font-mono">{c.apiIdHint}</dd>
            </>
          )}
          {c.keyHint && (
            <>
              <dt className="text-base-content/60">{t.current()}</dt>
              <dd className="font-mono" data-testid="integration-key-hint">
                {c.keyHint}
              </dd>
            </>
          )}
        </dl>
      ) : (
        it.envDefault && <p className="mt-2 text-sm text-base-content/70">{t.envDefault()}</p>
      )}

      {c?.status === 'failed' && c.message && (
        <p role="alert" className="mt-3 rounded-field bg-error/10 px-3 py-2 text-sm text-error wrap-break-word" data-testid="integration-message">
          {message(c.message)}
        </p>
      )}
      {c?.status === 'connected' && (
        <p className="mt-3 text-sm text-success" data-testid="integration-found">
          {found}
          {found && c.testedAt ? ' · ' : ''}
          {c.testedAt ? t.testedAt({ date: f.date(c.testedAt) }) : ''}
        </p>
      )}

      {editing ? (
        <IntegrationForm provider={it.provider} baseUrl={c?.baseUrl} model={c?.model} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={`btn btn-sm ${c ? 'btn-outline' : 'btn-primary'}`} onClick={() => setEditing(true)} data-testid="integration-edit">
            {c ? t.replace() : t.connect()}
          </button>
          {c && (
            <>
              <PendingButton
                type="button"
                pending={test.isPending}
                pendingLabel={t.testing()}
                className="btn-outline btn-sm"
                onClick={() => test.mutate({ provider: it.provider })}
                testId="integration-test"
              >
                {t.test()}
              </PendingButton>
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setRemoving(it)} data-testid="integration-remove">
                {t.remove()}
              </button>
            </>
          )}
        </div>
      )}
      <ConfirmFor
        target={removing}
        title={t.removeTitle()}
        confirmLabel={t.remove()}
        tone="error"
        text={() => t.removeText()}
        pending={remove.isPending}
        onConfirm={(x) => remove.mutate({ provider: x.provider })}
        onClose={() => setRemoving(null)}
      />
    </article>
  );
}
