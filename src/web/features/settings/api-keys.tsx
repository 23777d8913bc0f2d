import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmFor } from '../../components/confirm-dialog';
import { QueryError } from '../../components/route-error';
import { Table } from '../../components/table';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { SettingsCard } from './settings-card';
import { ShownOnce } from './shown-once';
import { useTrpc } from '@/web/lib/trpc';
import { PendingButton } from '@/web/components/pending-button';

/** Generate (shown once, with copy), list by prefix, revoke. */
export function ApiKeys() {
  const { LL } = useI18nContext();
  const a = LL.settings.advanced;
  const f = useFormat();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  // Spending is chosen when the key is made, off by default (docs/decisions/207).
  const [canSpend, setCanSpend] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });

  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: (k) => {
        setCreated({ name: k.name, key: k.key });
        setName('');
        setCanSpend(false);
        toast({ title: a.keyCreated(), variant: 'success' });
        void refresh();
      },
      onError: (e) => toast({ title: a.actionFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => {
        setRevoking(null);
        toast({ title: a.keyRevoked(), variant: 'success' });
        void refresh();
      },
      onError: (e) => toast({ title: a.actionFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  const revokeTexts = { title: a.revokeTitle(), confirmLabel: a.revoke(), tone: 'error', text: (k: { name: string }) => a.revokeText(k) } as const;
  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(a.nameRequired());
    setNameError(undefined);
    create.mutate({ name: trimmed, scopes: canSpend ? ['billing'] : [] });
  };

  return (
    <SettingsCard title={a.apiKeys()} icon={KeyRound} hint={a.apiKeysHint()} testId="api-keys">
      <form className="flex flex-wrap items-start gap-2" onSubmit={onCreate} noValidate>
        <fieldset className="fieldset min-w-56 flex-1 py-0">
          <input
            className={`input w-full ${nameError ? 'input-error' : ''}`}
            placeholder={a.keyNamePlaceholder()}
            aria-label={a.keyName()}
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            data-testid="api-key-name"
          />
          {nameError && <p className="label text-error">{nameError}</p>}
        </fieldset>
        <PendingButton pending={create.isPending} testId="api-key-generate" pendingLabel={a.generating()}>
          {a.generate()}
        </PendingButton>
        <label className="label basis-full cursor-pointer items-start gap-2 whitespace-normal">
          <input
            type="checkbox"
            className="checkbox checkbox-sm mt-0.5"
            checked={canSpend}
            onChange={(e) => setCanSpend(e.target.checked)}
            data-testid="api-key-scope-billing"
          />
          <span>
            <span className="font-medium text-base-content">{a.scopeBilling()}</span>
            <span className="block text-xs">{a.scopeBillingHint()}</span>
          </span>
        </label>
      </form>

      {created && (
        <ShownOnce
          title={`${a.newKeyTitle()} — ${created.name}`}
          text={a.newKeyText()}
          value={created.key}
          copiedText={a.copiedText()}
          onDone={() => setCreated(null)}
          testId="api-key-created"
          valueTestId="api-key-secret"
        />
      )}

      <div className="mt-4">
        {keys.isPending && <div className="skeleton h-16 w-full" />}
        {keys.isError && <QueryError error={keys.error} onRetry={() => void keys.refetch()} />}
        {keys.data && keys.data.length === 0 && <p className="py-4 text-center text-sm text-base-content/60">{a.noKeys()}</p>}
        {keys.data && keys.data.length > 0 && (
          <Table columns={[a.name(), a.prefix(), a.permissions(), a.created(), a.lastUsed(), '']} className="table-sm" testId="api-key-list">
            {keys.data.map((k) => (
              <tr key={k.id} data-testid="api-key-row">
                <td className="font-medium">{k.name}</td>
                <td>
                  <code className="text-xs">{k.prefix}…</code>
                </td>
                <td data-testid="api-key-permissions">
                  {k.scopes.includes('billing') ? <span className="badge badge-warning badge-sm">{a.permissionBilling()}</span> : a.permissionData()}
                </td>
                <td>{f.date(k.createdAt)}</td>
                <td>{k.lastUsedAt ? f.date(k.lastUsedAt) : a.never()}</td>
                <td className="text-right">
                  <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setRevoking({ id: k.id, name: k.name })}>
                    {a.revoke()}
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>

      <ConfirmFor
        target={revoking}
        {...revokeTexts}
        pending={revoke.isPending}
        onConfirm={(k) => revoke.mutate({ id: k.id })}
        onClose={() => setRevoking(null)}
      />
    </SettingsCard>
  );
}
