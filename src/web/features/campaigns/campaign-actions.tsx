import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Pause, Pencil, Play, Rocket, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CampaignAction } from '@/domains/campaigns/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../lib/toast';
import { useInvalidateFigures, type CampaignDetail } from '@/web/lib/campaigns-api';
import { EditCampaignDialog } from './edit-campaign-dialog';
import { useTrpc } from '@/web/lib/trpc';

/** The status action the header offers: launch a draft, pause a running campaign, resume a paused one. */
function nextAction(status: string): Exclude<CampaignAction, 'complete'> | null {
  if (status === 'draft') return 'launch';
  if (status === 'active' || status === 'scheduled') return 'pause';
  if (status === 'paused') return 'resume';
  return null;
}

export function CampaignActions({ campaign: c }: { campaign: CampaignDetail }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFigures();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const D = LL.campaigns.detail;

  const status = useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: (updated, { patch }) => {
        queryClient.setQueryData(trpc.campaigns.byId.queryKey({ id: c.id }), updated);
        void invalidate();
        const title = patch.action === 'pause' ? D.paused() : patch.action === 'resume' ? D.resumed() : D.launched();
        toast({ title, description: c.name, variant: 'success' });
      },
      onError: (e) => toast({ title: D.statusFailed(), description: e.message, variant: 'destructive' }),
    }),
  );

  const remove = useMutation(
    trpc.campaigns.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(false);
        await navigate({ to: '/campaigns' });
        queryClient.removeQueries({ queryKey: trpc.campaigns.byId.queryKey({ id: c.id }) });
        void invalidate();
        toast({ title: D.deleted(), description: D.deletedText({ name: c.name }), variant: 'success' });
      },
      onError: (e) => toast({ title: D.deleteFailed(), description: e.message, variant: 'destructive' }),
    }),
  );

  const action = nextAction(c.status);
  const ActionIcon = action === 'pause' ? Pause : action === 'resume' ? Play : Rocket;
  return (
    <div className="flex flex-wrap gap-2">
      {action && (
        <button
          type="button"
          className={`btn btn-sm ${action === 'launch' ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => status.mutate({ id: c.id, patch: { action } })}
          disabled={status.isPending}
          data-testid={`campaign-${action}`}
        >
          {status.isPending ? <span className="loading loading-spinner loading-xs" /> : <ActionIcon className="size-4" aria-hidden />}
          {D[action]()}
        </button>
      )}
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)} data-testid="campaign-edit">
        <Pencil className="size-4" aria-hidden /> {D.edit()}
      </button>
      <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setDeleting(true)} data-testid="campaign-delete">
        <Trash2 className="size-4" aria-hidden /> {D.delete()}
      </button>
      <EditCampaignDialog campaign={c} open={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title={D.deleteTitle()}
        confirmLabel={D.delete()}
        tone="error"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: c.id })}
        onClose={() => setDeleting(false)}
      >
        <p className="font-medium" data-testid="delete-confirm-text">
          {D.deleteConfirm()}
        </p>
        <p className="mt-1 text-sm text-base-content/70">{D.deleteText()}</p>
      </ConfirmDialog>
    </div>
  );
}
