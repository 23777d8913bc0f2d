import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Info, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { DialogActions } from '../modal';
import { FormField, LabelledField } from '../form-field';
import { PendingButton } from '../pending-button';
import { fieldsOf } from '@/web/lib/form-fields';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { type Connection, type PublishPlatform, useInvalidatePublishing } from './api';
import { publishRequest, publishSchema, type PublishValues } from './publish-form';
import type { PublishVideo } from './publish-dialog';

type Defaults = { title: string; description: string; link: string };

/** The form: platform, target, title, description (with the tracked link), visibility, schedule. */
export function PublishFormBody({
  video,
  connections,
  platforms,
  defaults,
  onCancel,
}: {
  video: PublishVideo;
  connections: Connection[];
  platforms: PublishPlatform[];
  defaults: Defaults;
  onCancel: () => void;
}) {
  const { LL } = useI18nContext();
  const D = LL.publishing.dialog;
  const trpc = useTrpc();
  const invalidate = useInvalidatePublishing();
  // One key per opening: a double click (or a retried request) is the same publication. A new one
  // only once the server has answered, for the next platform.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [serverError, setServerError] = useState<string | null>(null);
  const schema = useMemo(() => publishSchema(LL), [LL]);
  const targetsOf = (p: PublishPlatform) => connections.find((c) => c.platform === p)?.targets ?? [];
  const first = platforms[0]!;
  const form = useForm<PublishValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      platform: first,
      targetId: targetsOf(first)[0]?.id ?? '',
      title: defaults.title.slice(0, 100),
      description: defaults.description,
      visibility: 'public',
      publishAt: '',
    },
  });
  const field = fieldsOf(form);
  const platform = form.watch('platform');
  const targets = targetsOf(platform);
  const publish = useMutation(
    trpc.publishing.publish.mutationOptions({
      onSuccess: (p) => {
        setRequestKey(crypto.randomUUID());
        setServerError(null);
        void invalidate();
        toast({ title: D.started(), description: D.startedText({ title: p.title, target: p.targetName }), variant: 'success' });
      },
      onError: (e) => {
        setRequestKey(crypto.randomUUID());
        setServerError(errorMessage(e));
      },
    }),
  );
  // A Reel is vertical: the same video rendered again in portrait, published once it is ready (decision 229).
  const reframe = useMutation(
    trpc.generation.reframe.mutationOptions({
      onSuccess: () => {
        setServerError(null);
        toast({ title: D.verticalStarted(), description: D.verticalStartedText({ title: video.title }), variant: 'success' });
      },
      onError: (e) => setServerError(errorMessage(e)),
    }),
  );
  const submit = form.handleSubmit((v) => {
    if (publish.isPending) return;
    publish.mutate(publishRequest(v, { videoId: video.id, campaignId: video.campaignId ?? null, requestKey }));
  });

  return (
    <form onSubmit={submit} noValidate data-testid="publish-form">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <LabelledField label={D.platform()}>
          {(id) => (
            <select
              id={id}
              className="select w-full"
              {...form.register('platform', {
                onChange: (e) => form.setValue('targetId', targetsOf(e.target.value as PublishPlatform)[0]?.id ?? ''),
              })}
              data-testid="publish-platform"
            >
              {platforms.map((p) => (
                <option key={p} value={p}>
                  {LL.publishing.platforms[p]()}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <LabelledField label={D.target()} error={form.formState.errors.targetId?.message}>
          {(id) => (
            <select id={id} className="select w-full" {...form.register('targetId')} data-testid="publish-target">
              {targets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      </div>
      <p className="mt-2 flex items-start gap-2 text-sm text-base-content/70" data-testid="publish-rules">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden /> {LL.publishing.rules[platform]()}
      </p>
      {platform === 'instagram' && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-base-content/70" data-testid="publish-vertical">
          <span className="min-w-0 flex-1">{D.vertical()}</span>
          <PendingButton
            type="button"
            className="btn-sm btn-outline"
            pending={reframe.isPending}
            onClick={() => reframe.mutate({ videoId: video.id, aspectRatio: 'portrait' })}
            testId="publish-vertical-make"
          >
            {D.verticalMake()}
          </PendingButton>
        </div>
      )}
      <FormField label={D.titleLabel()} maxLength={100} {...field('title')} data-testid="publish-title" />
      <LabelledField label={D.description()} error={form.formState.errors.description?.message}>
        {(id) => <textarea id={id} className="textarea h-32 w-full" {...form.register('description')} data-testid="publish-description" />}
      </LabelledField>
      <p className="mt-1 text-xs break-all text-base-content/60" data-testid="publish-link">
        {defaults.link ? D.descriptionHint({ link: defaults.link }) : D.linkAdded()}
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {platform === 'youtube' && (
          <LabelledField label={D.visibility()}>
            {(id) => (
              <select id={id} className="select w-full" {...form.register('visibility')} data-testid="publish-visibility">
                {(['public', 'unlisted', 'private'] as const).map((v) => (
                  <option key={v} value={v}>
                    {D.visibilities[v]()}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
        )}
        <FormField
          label={D.schedule()}
          type="datetime-local"
          {...field('publishAt')}
          hint={<p className="label">{D.scheduleHint()}</p>}
          data-testid="publish-at"
        />
      </div>
      {serverError && (
        <div className="alert alert-error alert-soft mt-3" role="alert" data-testid="publish-error">
          <span>
            <strong>{D.failed()}</strong> {serverError}
          </span>
        </div>
      )}
      <DialogActions onCancel={onCancel} cancelLabel={LL.common.close()} cancelDisabled={publish.isPending}>
        <PendingButton pending={publish.isPending} icon={<Send className="size-4" aria-hidden />} pendingLabel={D.submitting()} testId="publish-submit">
          {D.submit()}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
