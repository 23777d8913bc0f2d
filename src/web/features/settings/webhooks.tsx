import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@/shared/webhook-events';
import { ConfirmFor } from '../../components/confirm-dialog';
import { QueryError } from '../../components/route-error';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { SettingsCard } from './settings-card';
import { ShownOnce } from './shown-once';
import { WebhookDeliveries } from './webhook-deliveries';
import { useEventName } from './webhook-events';
import { PendingButton } from '@/web/components/pending-button';
import { RoleNote } from '@/web/components/role-note';
import { useCan } from '@/web/lib/workspace-role';

/** Settings → Advanced → Webhooks: add (secret shown once), enable/disable, test, delete, recent deliveries. */
export function Webhooks() {
  const { LL } = useI18nContext();
  const w = LL.settings.webhooks;
  const eventName = useEventName();
  const { trpc } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['video.ready', 'view.started']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; url: string } | null>(null);
  // Endpoints are an admin's (the server answers 403 to a member): a member is told, not queried.
  const canManage = useCan('admin');
  const list = useQuery({ ...trpc.webhooks.list.queryOptions(), enabled: canManage === true });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const failed = (e: unknown) => toast({ title: LL.settings.advanced.actionFailed(), description: errorMessage(e), variant: 'destructive' });
  const refreshDeliveries = (id: string) => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ id }) });

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: (r) => {
        setSecret(r.secret);
        setUrl('');
        setDescription('');
        toast({ title: w.added(), variant: 'success' });
        void refresh();
      },
      onError: failed,
    }),
  );
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: (e) => {
        toast({ title: e.enabled ? w.enabledToast() : w.disabledToast(), variant: 'success' });
        void refresh();
      },
      onError: failed,
    }),
  );
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: (_r, v) => {
        toast({ title: w.testQueued(), variant: 'success' });
        void refreshDeliveries(v.id);
      },
      onError: failed,
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        toast({ title: w.deleted(), variant: 'success' });
        void refresh();
      },
      onError: failed,
    }),
  );

  const deleteTexts = { title: w.deleteTitle(), confirmLabel: w.delete(), tone: 'error', text: (d: { url: string }) => w.deleteText(d) } as const;
  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    const next = { url: url.trim() ? undefined : w.urlRequired(), events: events.length ? undefined : w.eventsRequired() };
    setErrors(next);
    if (next.url || next.events) return;
    create.mutate({ url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) });
  };
  const toggle = (ev: WebhookEventType) => setEvents((cur) => (cur.includes(ev) ? cur.filter((x) => x !== ev) : [...cur, ev]));
  const allowed = list.data?.allowed ?? true;

  if (canManage === false)
    return (
      <SettingsCard title={w.title()} icon={Webhook} hint={w.hint()} testId="webhooks">
        <RoleNote text={LL.workspaces.onlyAdmins()} />
      </SettingsCard>
    );
  return (
    <SettingsCard title={w.title()} icon={Webhook} hint={w.hint()} testId="webhooks">
      {!allowed && (
        <div role="alert" className="alert alert-warning alert-soft mb-4" data-testid="webhooks-plan">
          <span>{w.notIncluded()}</span>
          <Link to="/subscription" className="btn btn-sm">
            {w.seePlans()}
          </Link>
        </div>
      )}

      {allowed && (
        <form className="space-y-3" onSubmit={onCreate} noValidate data-testid="webhook-form">
          <div className="flex flex-wrap gap-2">
            <fieldset className="fieldset min-w-64 flex-2 py-0">
              <legend className="fieldset-legend">{w.url()}</legend>
              <input
                className={`input w-full ${errors.url ? 'input-error' : ''}`}
                type="url"
                placeholder={w.urlPlaceholder()}
                value={url}
                maxLength={2000}
                onChange={(e) => setUrl(e.target.value)}
                data-testid="webhook-url"
              />
              {errors.url && <p className="label text-error">{errors.url}</p>}
            </fieldset>
            <fieldset className="fieldset min-w-48 flex-1 py-0">
              <legend className="fieldset-legend">{w.description()}</legend>
              <input
                className="input w-full"
                placeholder={w.descriptionPlaceholder()}
                value={description}
                maxLength={200}
                onChange={(e) => setDescription(e.target.value)}
              />
            </fieldset>
          </div>
          <fieldset className="fieldset py-0">
            <legend className="fieldset-legend">{w.events()}</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((ev) => (
                <label key={ev} className="label cursor-pointer gap-2 text-base-content">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={events.includes(ev)}
                    onChange={() => toggle(ev)}
                    data-testid={`webhook-event-${ev}`}
                  />
                  <span>{eventName(ev)}</span> <code className="text-xs text-base-content/60">{ev}</code>
                </label>
              ))}
            </div>
            {errors.events && <p className="label text-error">{errors.events}</p>}
          </fieldset>
          <PendingButton pending={create.isPending} testId="webhook-add" pendingLabel={w.adding()}>
            {w.add()}
          </PendingButton>
        </form>
      )}

      {secret && (
        <ShownOnce
          title={w.secretTitle()}
          text={w.secretText()}
          value={secret}
          copiedText={w.copiedText()}
          onDone={() => setSecret(null)}
          testId="webhook-secret-shown"
          valueTestId="webhook-secret"
        />
      )}

      <div className="mt-4 space-y-3">
        {list.isPending && <div className="skeleton h-16 w-full" />}
        {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && list.data.endpoints.length === 0 && <p className="py-4 text-center text-sm text-base-content/60">{w.none()}</p>}
        {list.data?.endpoints.map((e) => (
          <article key={e.id} className="rounded-box border border-base-300 p-3" data-testid="webhook-endpoint">
            <div className="flex flex-wrap items-center gap-2">
              <code className="break-all text-sm font-medium" data-testid="webhook-endpoint-url">
                {e.url}
              </code>
              <span className={`badge badge-sm badge-soft ${e.enabled ? 'badge-success' : ''}`} data-testid="webhook-endpoint-state">
                {e.enabled ? w.on() : w.off()}
              </span>
              <div className="ml-auto flex flex-wrap gap-1">
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={!e.enabled || !allowed || test.isPending}
                  onClick={() => test.mutate({ id: e.id })}
                  data-testid="webhook-test"
                >
                  {w.sendTest()}
                </button>
                <button
                  type="button"
                  className="btn btn-xs"
                  disabled={update.isPending || (!e.enabled && !allowed)}
                  onClick={() => update.mutate({ id: e.id, enabled: !e.enabled })}
                  data-testid="webhook-toggle"
                >
                  {e.enabled ? w.disable() : w.enable()}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs text-error"
                  onClick={() => setDeleting({ id: e.id, url: e.url })}
                  data-testid="webhook-delete"
                >
                  {w.delete()}
                </button>
              </div>
            </div>
            {e.description && <p className="text-sm text-base-content/70">{e.description}</p>}
            <p className="mt-1 text-xs text-base-content/60">
              {w.fingerprint()}: <code>{e.secretFingerprint ?? '—'}</code> · {e.events.map(eventName).join(', ')}
            </p>
            <h3 className="mt-3 text-sm font-semibold">{w.deliveries()}</h3>
            <WebhookDeliveries endpointId={e.id} />
          </article>
        ))}
      </div>

      <ConfirmFor
        target={deleting}
        {...deleteTexts}
        pending={remove.isPending}
        onConfirm={(d) => remove.mutate({ id: d.id })}
        onClose={() => setDeleting(null)}
      />
    </SettingsCard>
  );
}
