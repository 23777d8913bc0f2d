import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_MAX } from '@/shared/paging';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../confirm-dialog';
import type { Video } from '@/web/components/videos/types';
import { useTrpc } from '@/web/lib/trpc';

/** The names of the campaigns these videos are in (a video is in one campaign at a time), asked for by id. */
export function useCampaignNames(shown: readonly Pick<Video, 'campaignId'>[]) {
  const trpc = useTrpc();
  const ids = [...new Set(shown.map((v) => v.campaignId).filter((id): id is string => !!id))].sort().slice(0, PAGE_MAX);
  const list = useQuery({ ...trpc.campaigns.names.queryOptions({ ids }), enabled: ids.length > 0, placeholderData: keepPreviousData });
  return new Map((list.data ?? []).map((c) => [c.id, c.name]));
}

/** The picker's note for a video in another campaign: that campaign's name. */
export function useWhereNote(shown: readonly Video[], exceptCampaignId?: string) {
  const { LL } = useI18nContext();
  const names = useCampaignNames(shown);
  return (v: Video) => (v.campaignId && v.campaignId !== exceptCampaignId ? LL.campaigns.move.inCampaign({ name: names.get(v.campaignId) ?? '…' }) : null);
}

/**
 * Asks before videos leave the campaigns they are in: their views and deliveries go with them
 * (figures follow the videos, docs/decisions/121).
 */
export function MoveVideosDialog({ moving, pending, onConfirm, onClose }: { moving: Video[]; pending?: boolean; onConfirm: () => void; onClose: () => void }) {
  const { LL } = useI18nContext();
  const M = LL.campaigns.move;
  const names = useCampaignNames(moving);
  return (
    <ConfirmDialog
      open={moving.length > 0}
      title={M.title({ count: moving.length })}
      confirmLabel={M.confirm()}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <div className="space-y-3" data-testid="move-videos-dialog">
        <p>{M.text()}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {moving.map((v) => (
            <li key={v.id}>{M.item({ title: v.title, name: names.get(v.campaignId ?? '') ?? '…' })}</li>
          ))}
        </ul>
      </div>
    </ConfirmDialog>
  );
}
