import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Pencil, Plus, Send, Share, Share2, Unlink, Video as VideoIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZUpdateVideo, type TUpdateVideo } from '@/domains/videos/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { FormField } from '../../components/form-field';
import { QueryError } from '../../components/route-error';
import { LoadingBlock } from '../../components/spinner';
import { Panel } from '@/web/components/panel';
import { EmptyState } from '@/web/components/query-state';
import { toast } from '../../lib/toast';
import { VideoCard } from '@/web/components/videos/video-card';
import { VideoPicker } from '@/web/components/videos/video-picker';
import { ShareDialog, type Shareable } from '@/web/components/videos/share-dialog';
import { VideoStatusBadge } from '@/web/components/videos/video-status-badge';
import { useInvalidateFigures, type CampaignDetail, type Video } from '@/web/lib/campaigns-api';
import { useCampaignMessage } from './messages';
import { DialogActions, Modal } from '@/web/components/modal';
import { MoveVideosDialog, useWhereNote } from '@/web/components/videos/move-videos';
import { useTrpc } from '@/web/lib/trpc';
import { LoadMore } from '@/web/components/load-more';
import { itemsOf, videoPagesOptions } from '@/web/lib/pages';
import { PendingButton } from '@/web/components/pending-button';
import { PublishDialog, type PublishVideo } from '@/web/components/publishing/publish-dialog';
import { PublicationsList } from '@/web/components/publishing/publications-list';

export function VideosTab({ campaign }: { campaign: CampaignDetail }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const V = LL.campaigns.videosTab;
  const list = useInfiniteQuery(videoPagesOptions(trpc, { campaignId: campaign.id }));
  const shown = itemsOf(list.data);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Video | null>(null);
  const [sharing, setSharing] = useState<Shareable | null>(null);
  const [posting, setPosting] = useState<PublishVideo | null>(null);

  return (
    <Panel
      title={V.title()}
      hint={V.subtitle()}
      large
      testId="videos-tab"
      action={
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)} data-testid="add-video">
          <Plus className="size-4" aria-hidden /> {V.addVideo()}
        </button>
      }
    >
      {list.isPending && <LoadingBlock />}
      {list.isError && <QueryError error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && shown.length === 0 && <EmptyState compact icon={VideoIcon} title={V.empty()} text={V.emptyText()} />}
      {list.isSuccess && shown.length > 0 && (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="campaign-videos">
            {shown.map((v) => (
              <CampaignVideo
                key={v.id}
                video={v}
                onEdit={() => setEditing(v)}
                onShare={() => setSharing(v)}
                onPost={() => setPosting({ id: v.id, title: v.title, campaignId: campaign.id })}
              />
            ))}
          </div>
          <LoadMore pages={list} testId="campaign-videos-more" />
        </>
      )}
      <Modal open={adding} onClose={() => setAdding(false)} title={V.pickerTitle()} subtitle={V.pickerHint()} wide testId="add-video-dialog">
        <AddVideos campaignId={campaign.id} onDone={() => setAdding(false)} />
      </Modal>
      <Modal open={!!editing} onClose={() => setEditing(null)} title={V.editTitle()} testId="edit-video-dialog">
        {editing && <EditVideoTitle video={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ShareDialog video={sharing} onClose={() => setSharing(null)} />
      <PublishDialog video={posting} onClose={() => setPosting(null)} />
      <div className="mt-6 border-t border-base-300 pt-4">
        <PublicationsList filter={{ campaignId: campaign.id }} />
      </div>
    </Panel>
  );
}

function CampaignVideo({ video: v, onEdit, onShare, onPost }: { video: Video; onEdit: () => void; onShare: () => void; onPost: () => void }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const invalidate = useInvalidateFigures();
  const V = LL.campaigns.videosTab;
  const update = useMutation(
    trpc.videos.update.mutationOptions({
      onSuccess: (_v, { patch }) => {
        void invalidate();
        if (patch.status === 'published') toast({ title: V.published(), description: V.publishedText({ title: v.title }), variant: 'success' });
        else if (patch.campaignId === null) toast({ title: V.removed(), description: v.title, variant: 'success' });
      },
      onError: (e, { patch }) =>
        toast({ title: patch.status === 'published' ? V.publishFailed() : V.saveFailed(), description: e.message, variant: 'destructive' }),
    }),
  );
  const published = v.status === 'published';
  const publishable = v.status === 'completed' && !!v.videoUrl;

  return (
    <VideoCard
      video={v}
      badge={
        published ? (
          <VideoStatusBadge status="published" />
        ) : (
          <span className="flex flex-col items-end gap-1">
            <span className="badge badge-sm badge-warning whitespace-nowrap" data-testid="unpublished-badge">
              {V.unpublished()}
            </span>
            {v.status !== 'completed' && <VideoStatusBadge status={v.status} />}
          </span>
        )
      }
      corner={
        <button
          type="button"
          className="btn btn-circle btn-xs border-0 bg-black/60 text-white hover:bg-black/80"
          onClick={() => update.mutate({ id: v.id, patch: { campaignId: null } })}
          disabled={update.isPending}
          aria-label={V.remove()}
          title={V.remove()}
          data-testid="video-remove"
        >
          <Unlink className="size-3.5" aria-hidden />
        </button>
      }
      actions={
        <>
          {!published && (
            <button
              type="button"
              className="btn btn-primary btn-xs"
              disabled={!publishable || update.isPending}
              title={publishable ? undefined : V.notFinished()}
              onClick={() => update.mutate({ id: v.id, patch: { status: 'published' } })}
              data-testid="video-publish"
            >
              <Send className="size-3.5" aria-hidden /> {V.publish()}
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-xs" onClick={onEdit} data-testid="video-edit">
            <Pencil className="size-3.5" aria-hidden /> {V.edit()}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={onShare}
            disabled={!v.videoUrl}
            title={v.videoUrl ? LL.shareLink.hint() : V.noLink()}
            data-testid="video-share"
          >
            <Share2 className="size-3.5" aria-hidden /> {V.share()}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={onPost}
            disabled={!publishable && !published}
            title={publishable || published ? undefined : V.notFinished()}
            data-testid="publish-to-platforms"
          >
            <Share className="size-3.5" aria-hidden /> {LL.publishing.dialog.toPlatforms()}
          </button>
        </>
      }
    />
  );
}

function EditVideoTitle({ video, onDone }: { video: Video; onDone: () => void }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const invalidate = useInvalidateFigures();
  const msg = useCampaignMessage();
  const V = LL.campaigns.videosTab;
  const form = useForm<TUpdateVideo>({ resolver: zodResolver(ZUpdateVideo), defaultValues: { title: video.title } });
  const save = useMutation(
    trpc.videos.update.mutationOptions({
      onSuccess: () => {
        void invalidate();
        toast({ title: V.saved(), variant: 'success' });
        onDone();
      },
      onError: (e) => toast({ title: V.saveFailed(), description: e.message, variant: 'destructive' }),
    }),
  );
  return (
    <form onSubmit={form.handleSubmit((patch) => save.mutate({ id: video.id, patch: { title: patch.title } }))} noValidate>
      <FormField
        label={V.titleLabel()}
        autoFocus
        error={msg(form.formState.errors.title?.message)}
        data-testid="video-title-input"
        {...form.register('title')}
      />
      <DialogActions onCancel={onDone} cancelDisabled={save.isPending}>
        <PendingButton pending={save.isPending} testId="video-title-save">
          {LL.common.save()}
        </PendingButton>
      </DialogActions>
    </form>
  );
}

/** My Videos that are not in this campaign; the chosen ones are linked to it. */
function AddVideos({ campaignId, onDone }: { campaignId: string; onDone: () => void }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const invalidate = useInvalidateFigures();
  const V = LL.campaigns.videosTab;
  const mine = useInfiniteQuery({ ...videoPagesOptions(trpc), staleTime: 0 });
  const [selected, setSelected] = useState<string[]>([]);
  const link = useMutation(trpc.videos.update.mutationOptions());
  const [pending, setPending] = useState(false);
  const candidates = itemsOf(mine.data).filter((v) => v.campaignId !== campaignId);
  const whereNote = useWhereNote(candidates, campaignId);
  const [asking, setAsking] = useState(false);
  const moving = asking ? candidates.filter((v) => v.campaignId && selected.includes(v.id)) : [];
  // Videos in another campaign leave it: ask first (their figures go with them).
  const request = () => (candidates.some((v) => v.campaignId && selected.includes(v.id)) ? setAsking(true) : void add());

  const add = async () => {
    setAsking(false);
    setPending(true);
    try {
      for (const id of selected) await link.mutateAsync({ id, patch: { campaignId } });
      toast({ title: V.added(), description: V.addedText({ count: selected.length }), variant: 'success' });
      onDone();
    } catch (e) {
      toast({ title: V.addFailed(), description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
    } finally {
      setPending(false);
      void invalidate();
    }
  };

  // A cached list may be older than this dialog: wait for the fresh one rather than offer stale choices.
  if (mine.isPending || (mine.isFetching && !mine.isFetchedAfterMount)) return <LoadingBlock />;
  if (mine.isError) return <QueryError error={mine.error} onRetry={() => void mine.refetch()} />;
  return (
    <div>
      <MoveVideosDialog moving={moving} pending={pending} onConfirm={() => void add()} onClose={() => setAsking(false)} />
      {candidates.length === 0 ? (
        <p className="py-6 text-center text-base-content/70" data-testid="picker-empty">
          {V.pickerEmpty()}
        </p>
      ) : (
        <div className="max-h-[60vh] overflow-y-auto p-1">
          <VideoPicker videos={candidates} selected={selected} onChange={setSelected} note={whereNote} />
          <LoadMore pages={mine} testId="picker-more" />
        </div>
      )}
      <DialogActions onCancel={onDone} cancelDisabled={pending}>
        <PendingButton pending={pending} disabled={selected.length === 0 || pending} onClick={request} type="button" testId="add-selected-videos">
          {V.addSelected({ count: selected.length })}
        </PendingButton>
      </DialogActions>
    </div>
  );
}
