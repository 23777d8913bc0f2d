import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useInvalidateFigures } from '@/web/lib/campaigns-api';
import { useTrpc } from '@/web/lib/trpc';
import { DialogActions, Modal } from '@/web/components/modal';
import { MoveVideosDialog, useCampaignNames } from '@/web/components/videos/move-videos';
import { LoadMore } from '@/web/components/load-more';
import { campaignPickerOptions, itemsOf } from '@/web/lib/pages';
import type { Video } from '@/web/components/videos/types';
import type { VideoAction } from './video-menu';
import { LabelledField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { LoadingBlock } from '@/web/components/spinner';
import { PublishDialog } from '@/web/components/publishing/publish-dialog';

// The campaigns screen is another feature's page.
const CAMPAIGNS_NEW: string = '/campaigns/new';
/** The server's limit (ZUpdateVideo's title); the messages are the spec's, in the user's language. */
export const TITLE_MAX = 200;

/** The rename field's problem, or null: blank, or longer than the server takes. */
export function titleProblem(title: string): 'required' | 'tooLong' | null {
  const t = title.trim();
  if (!t) return 'required';
  return t.length > TITLE_MAX ? 'tooLong' : null;
}

export function VideoDialogs({ acting, onClose }: { acting: { action: VideoAction; video: Video } | null; onClose: () => void }) {
  const v = acting?.video ?? null;
  return (
    <>
      {acting?.action === 'rename' && v && <RenameDialog video={v} onClose={onClose} />}
      <CampaignDialog video={acting?.action === 'campaign' ? v : null} onClose={onClose} />
      <PublishDialog video={acting?.action === 'publish' ? v : null} onClose={onClose} />
      {acting?.action === 'delete' && v && <DeleteDialog video={v} onClose={onClose} />}
    </>
  );
}

function RenameDialog({ video: v, onClose }: { video: Video; onClose: () => void }) {
  const { LL } = useI18nContext();
  const M = LL.myVideos;
  const trpc = useTrpc();
  const invalidate = useInvalidateFigures();
  const id = useId();
  const [title, setTitle] = useState(v.title);
  const [touched, setTouched] = useState(false);
  const problem = titleProblem(title);
  const save = useMutation(
    trpc.videos.update.mutationOptions({
      onSuccess: (saved) => {
        void invalidate();
        toast({ title: M.renamed(), description: saved.title, variant: 'success' });
        onClose();
      },
      onError: (e) => toast({ title: M.renameFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  return (
    <Modal open title={M.renameTitle()} onClose={onClose} testId="rename-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem && !save.isPending) save.mutate({ id: v.id, patch: { title: title.trim() } });
        }}
      >
        <LabelledField label={M.titleLabel()} htmlFor={id}>
          <input
            id={id}
            className={`input w-full ${touched && problem ? 'input-error' : ''}`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && !!problem}
            aria-describedby={`${id}-error`}
            data-testid="rename-input"
          />
          <p id={`${id}-error`} className="min-h-5 text-sm text-error" role={touched && problem ? 'alert' : undefined} data-testid="rename-error">
            {touched && problem === 'required' && M.titleRequired()}
            {touched && problem === 'tooLong' && M.titleTooLong({ max: TITLE_MAX })}
          </p>
        </LabelledField>
        <DialogActions onCancel={onClose}>
          <PendingButton pending={save.isPending} testId="rename-save">
            {LL.common.save()}
          </PendingButton>
        </DialogActions>
      </form>
    </Modal>
  );
}

/** Add to (or move to) a campaign: the picker says where the video is; leaving a campaign asks first (decision 121). */
function CampaignDialog({ video: v, onClose }: { video: Video | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  const M = LL.myVideos;
  const trpc = useTrpc();
  const invalidate = useInvalidateFigures();
  const campaigns = useInfiniteQuery({ ...campaignPickerOptions(trpc), enabled: !!v });
  const list = itemsOf(campaigns.data);
  // The current campaign may be on a page not loaded yet: its name is asked for by id.
  const currentName = useCampaignNames(v ? [v] : []).get(v?.campaignId ?? '');
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  const current = v?.campaignId && currentName ? { name: currentName } : undefined;
  const target = list.find((c) => c.id === chosen);
  const move = useMutation(
    trpc.videos.update.mutationOptions({
      onSuccess: () => {
        void invalidate();
        toast({ title: M.addedToCampaign({ name: target?.name ?? '' }), description: v?.title, variant: 'success' });
        close();
      },
      onError: (e) => toast({ title: M.campaignFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const close = () => {
    setChosen('');
    setAsking(false);
    onClose();
  };
  const submit = () => {
    if (!v || !chosen || chosen === v.campaignId) return;
    if (v.campaignId && !asking) return setAsking(true);
    move.mutate({ id: v.id, patch: { campaignId: chosen } });
  };
  return (
    <Modal open={!!v} title={M.campaignTitle()} subtitle={v?.title} onClose={close} testId="campaign-dialog">
      {campaigns.isPending ? (
        <LoadingBlock className="py-8" />
      ) : list.length === 0 ? (
        <div className="space-y-3 py-4 text-center" data-testid="campaign-none">
          <p className="text-base-content/70">{M.noCampaigns()}</p>
          <Link to={CAMPAIGNS_NEW} className="btn btn-primary btn-sm" onClick={close}>
            {M.createCampaign()}
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-base-content/80" data-testid="campaign-current">
            {current ? M.nowIn({ name: current.name }) : M.inNone()}
          </p>
          <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label={M.campaignLabel()}>
            {list.map((c) => (
              <li key={c.id}>
                <label className={`flex cursor-pointer items-center gap-3 rounded-box p-2 hover:bg-base-200 ${c.id === v?.campaignId ? 'opacity-60' : ''}`}>
                  <input
                    type="radio"
                    name="campaign"
                    className="radio radio-primary radio-sm"
                    value={c.id}
                    checked={chosen === c.id}
                    disabled={c.id === v?.campaignId}
                    onChange={() => setChosen(c.id)}
                    data-testid="campaign-option"
                  />
                  <span className="min-w-0 flex-1 truncate">{c.name}</span>
                  {c.id === v?.campaignId && <span className="badge badge-sm">{M.here()}</span>}
                </label>
              </li>
            ))}
            <li>
              <LoadMore pages={campaigns} testId="campaign-options-more" />
            </li>
          </ul>
          <DialogActions onCancel={close}>
            <button type="button" className="btn btn-primary" disabled={!chosen || move.isPending} onClick={submit} data-testid="campaign-save">
              {v?.campaignId ? M.moveHere() : M.addToCampaign()}
            </button>
          </DialogActions>
        </div>
      )}
      <MoveVideosDialog moving={asking && v ? [v] : []} pending={move.isPending} onConfirm={submit} onClose={() => setAsking(false)} />
    </Modal>
  );
}

function DeleteDialog({ video: v, onClose }: { video: Video; onClose: () => void }) {
  const { LL } = useI18nContext();
  const M = LL.myVideos;
  const trpc = useTrpc();
  const invalidate = useInvalidateFigures();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.videos.delete.mutationOptions({
      onSuccess: () => {
        void invalidate();
        // Storage usage dropped.
        void queryClient.invalidateQueries({ queryKey: trpc.billing.pathKey() });
        toast({ title: M.deleted(), description: v.title, variant: 'success' });
        onClose();
      },
      onError: (e) => toast({ title: M.deleteFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  return (
    <ConfirmDialog
      open
      title={M.deleteTitle()}
      confirmLabel={M.delete()}
      tone="error"
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ id: v.id })}
      onClose={onClose}
    >
      <div className="space-y-2" data-testid="delete-dialog">
        <p className="font-medium break-words">{v.title}</p>
        <p>{M.deleteText()}</p>
      </div>
    </ConfirmDialog>
  );
}
