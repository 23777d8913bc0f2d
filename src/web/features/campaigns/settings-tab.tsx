import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ZUpdateCampaign, type TUpdateCampaign, type TUpdateCampaignInput } from '@/domains/campaigns/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { FormField } from '../../components/form-field';
import { DEFAULT_BRAND_COLOR, brandColorOrNull } from '@/shared/brand';
import { toast } from '../../lib/toast';
import { useUser } from '../../lib/user';
import { useInvalidateFigures, type CampaignDetail } from '@/web/lib/campaigns-api';
import { useCampaignMessage } from './messages';
import { useTrpc } from '@/web/lib/trpc';
import { PendingButton } from '@/web/components/pending-button';

/** The landing page's call-to-action and the sender name, saved with PATCH (campaigns.update). */
export function SettingsTab({ campaign: c }: { campaign: CampaignDetail }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFigures();
  const msg = useCampaignMessage();
  const S = LL.campaigns.settingsTab;
  const values = { ctaLabel: c.ctaLabel ?? '', ctaUrl: c.ctaUrl ?? '', senderName: c.senderName ?? '', brandColor: c.brandColor ?? '' };
  const form = useForm<TUpdateCampaignInput, unknown, TUpdateCampaign>({ resolver: zodResolver(ZUpdateCampaign), defaultValues: values });
  const { errors, isDirty } = form.formState;
  const { data: user } = useUser();
  const brandColor = form.watch('brandColor') ?? '';
  const save = useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.campaigns.byId.queryKey({ id: c.id }), updated);
        form.reset({
          ctaLabel: updated.ctaLabel ?? '',
          ctaUrl: updated.ctaUrl ?? '',
          senderName: updated.senderName ?? '',
          brandColor: updated.brandColor ?? '',
        });
        void invalidate();
        toast({ title: S.saved(), description: S.savedText(), variant: 'success' });
      },
      onError: (e) => toast({ title: S.saveFailed(), description: e.message, variant: 'destructive' }),
    }),
  );
  return (
    <form
      className="card border border-base-300 bg-base-100"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        save.mutate({ id: c.id, patch: { ctaLabel: v.ctaLabel, ctaUrl: v.ctaUrl, senderName: v.senderName, brandColor: v.brandColor } }),
      )}
      data-testid="settings-tab"
    >
      <div className="card-body gap-2 p-5">
        <h2 className="card-title">{S.title()}</h2>
        <p className="text-sm text-base-content/70">{S.subtitle()}</p>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField
            label={S.ctaLabel()}
            placeholder={S.ctaLabelPlaceholder()}
            error={msg(errors.ctaLabel?.message)}
            data-testid="cta-label"
            {...form.register('ctaLabel')}
          />
          <FormField
            label={S.ctaUrl()}
            type="url"
            inputMode="url"
            placeholder={S.ctaUrlPlaceholder()}
            error={msg(errors.ctaUrl?.message)}
            data-testid="cta-url"
            {...form.register('ctaUrl')}
          />
          <FormField
            label={S.senderName()}
            autoComplete="name"
            error={msg(errors.senderName?.message)}
            hint={<p className="label whitespace-normal text-base-content/60">{S.senderNameHint()}</p>}
            data-testid="sender-name"
            {...form.register('senderName')}
          />
          <FormField
            label={S.brandColor()}
            placeholder={user?.brandColor ?? DEFAULT_BRAND_COLOR}
            maxLength={7}
            spellCheck={false}
            error={msg(errors.brandColor?.message)}
            hint={<p className="label whitespace-normal text-base-content/60">{S.brandColorHint()}</p>}
            trailing={
              <input
                type="color"
                className="size-6 cursor-pointer border-0 bg-transparent p-0"
                value={brandColorOrNull(brandColor) ?? user?.brandColor ?? DEFAULT_BRAND_COLOR}
                onChange={(e) => form.setValue('brandColor', e.target.value, { shouldDirty: true, shouldValidate: true })}
                aria-label={S.brandColorPicker()}
              />
            }
            data-testid="campaign-brand-color"
            {...form.register('brandColor')}
          />
        </div>
        <div className="card-actions mt-2 justify-end">
          <button type="button" className="btn btn-ghost" disabled={!isDirty || save.isPending} onClick={() => form.reset(values)}>
            {LL.common.cancel()}
          </button>
          <PendingButton pending={save.isPending} disabled={!isDirty} testId="settings-save" pendingLabel={LL.common.saving()}>
            {LL.common.save()}
          </PendingButton>
        </div>
      </div>
    </form>
  );
}
