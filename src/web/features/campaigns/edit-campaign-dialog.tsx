import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { ZUpdateCampaign, type TUpdateCampaign, type TUpdateCampaignInput } from '@/domains/campaigns/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { toast } from '../../lib/toast';
import { useInvalidateFigures, type CampaignDetail } from '@/web/lib/campaigns-api';
import { CampaignFields, PlatformPicker } from './campaign-fields';
import { DialogActions, Modal } from '@/web/components/modal';
import { useTrpc } from '@/web/lib/trpc';
import { PendingButton } from '@/web/components/pending-button';

const valuesOf = (c: CampaignDetail): TUpdateCampaignInput => ({
  name: c.name,
  description: c.description ?? '',
  sector: c.sector ?? '',
  startDate: c.startDate ?? '',
  endDate: c.endDate ?? '',
  platforms: c.platforms,
  totalBudget: c.totalBudget,
  spentBudget: c.spentBudget,
});

export function EditCampaignDialog({ campaign, open, onClose }: { campaign: CampaignDetail; open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal open={open} onClose={onClose} title={LL.campaigns.edit.title()} wide testId="edit-campaign-dialog">
      <EditForm campaign={campaign} onDone={onClose} />
    </Modal>
  );
}

function EditForm({ campaign, onDone }: { campaign: CampaignDetail; onDone: () => void }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFigures();
  const form = useForm<TUpdateCampaignInput, unknown, TUpdateCampaign>({ resolver: zodResolver(ZUpdateCampaign), defaultValues: valuesOf(campaign) });
  const save = useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.campaigns.byId.queryKey({ id: campaign.id }), updated);
        void invalidate();
        toast({ title: LL.campaigns.edit.saved(), description: LL.campaigns.edit.savedText(), variant: 'success' });
        onDone();
      },
      onError: (e) => toast({ title: LL.campaigns.edit.failed(), description: e.message, variant: 'destructive' }),
    }),
  );
  return (
    <form onSubmit={form.handleSubmit((patch) => save.mutate({ id: campaign.id, patch }))} noValidate data-testid="edit-campaign-form">
      <CampaignFields form={form} withSpent />
      <Controller
        control={form.control}
        name="platforms"
        render={({ field, fieldState }) => <PlatformPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <DialogActions onCancel={onDone} cancelDisabled={save.isPending}>
        <PendingButton pending={save.isPending} testId="edit-campaign-save" pendingLabel={LL.common.saving()}>
          {LL.common.save()}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
