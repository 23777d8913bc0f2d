import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { type TSaveIntegration, ZSaveIntegration } from '@/domains/integrations/schemas';
import { INTEGRATIONS, type IntegrationProvider } from '@/shared/integrations';
import { FormField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { useIntegrationMessage } from './messages';

/**
 * Adds or replaces a connection, checked by the server's own schema, then tested by the server: the
 * card shows what the vendor said. The key field is a password field and is emptied once sent.
 */
export function IntegrationForm({
  provider,
  baseUrl,
  model,
  onDone,
}: {
  provider: IntegrationProvider;
  baseUrl?: string | null;
  model?: string | null;
  onDone: () => void;
}) {
  const { LL } = useI18nContext();
  const t = LL.settings.integrations;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const message = useIntegrationMessage();
  const info = INTEGRATIONS[provider];
  const form = useForm<TSaveIntegration>({
    resolver: zodResolver(ZSaveIntegration),
    defaultValues: {
      provider,
      apiKey: '',
      ...(info.needsApiId ? { apiId: '' } : {}),
      ...(info.needsBaseUrl ? { baseUrl: baseUrl ?? '', model: model ?? '' } : {}),
    },
  });
  const error = (name: keyof TSaveIntegration) => message(form.formState.errors[name]?.message);
  const save = useMutation(
    trpc.integrations.save.mutationOptions({
      onSuccess: (r) => {
        const ok = r.connection?.status === 'connected';
        toast({
          title: ok ? t.connectedToast({ name: r.name }) : t.failedToast({ name: r.name }),
          description: ok ? undefined : (r.connection?.message ?? undefined),
          variant: ok ? 'success' : 'destructive',
        });
        form.reset({ ...form.getValues(), apiKey: '', ...(info.needsApiId ? { apiId: '' } : {}) });
        void queryClient.invalidateQueries({ queryKey: trpc.integrations.list.queryKey() });
        // The pickers list this provider's voices and avatars from now on.
        void queryClient.invalidateQueries({ queryKey: trpc.voices.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.avatars.list.queryKey() });
        onDone();
      },
      onError: (e) => toast({ title: t.actionFailed(), description: message(errorMessage(e)), variant: 'destructive' }),
    }),
  );
  const onSubmit = form.handleSubmit((v) => save.mutate(v));
  return (
    <form className="mt-3 space-y-1" onSubmit={onSubmit} noValidate data-testid={`integration-form-${provider}`}>
      {info.needsBaseUrl && (
        <div className="flex flex-wrap gap-x-3">
          <FormField
            className="min-w-56 flex-2 py-0"
            label={t.baseUrl()}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={t.baseUrlPlaceholder()}
            data-testid="integration-base-url"
            {...form.register('baseUrl')}
            error={error('baseUrl')}
          />
          <FormField
            className="min-w-32 flex-1 py-0"
            label={t.model()}
            autoComplete="off"
            placeholder={t.modelPlaceholder()}
            data-testid="integration-model"
            {...form.register('model')}
            error={error('model')}
          />
        </div>
      )}
      {info.needsApiId && (
        <FormField className="py-0" label={t.apiId()} autoComplete="off" data-testid="integration-api-id" {...form.register('apiId')} error={error('apiId')} />
      )}
      <FormField
        className="py-0"
        label={info.needsBaseUrl ? t.keyOptional() : t.key()}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        placeholder={t.keyPlaceholder()}
        data-testid="integration-key"
        {...form.register('apiKey')}
        error={error('apiKey')}
      />
      <div className="flex flex-wrap gap-2 pt-2">
        <PendingButton pending={save.isPending} pendingLabel={t.saving()} className="btn-primary btn-sm" testId="integration-save">
          {t.save()}
        </PendingButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={save.isPending}>
          {t.cancel()}
        </button>
      </div>
    </form>
  );
}
