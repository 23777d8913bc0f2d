import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Copy, Trash2, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { Modal } from '@/web/components/modal';
import { AVATARS_KEY, deleteAvatar, type Avatar } from './api';
import { AvatarImage } from './avatar-image';
import { isCustomAvatar, isPreparing } from './avatar-rules';
import { copyText } from '../../lib/clipboard';
import { avatarStatusLabel, avatarStatusTone, categoryLabel, genderLabel } from './labels';
import { useLiveAvatar } from './use-avatar-status';
import { Tooltip } from '../../components/tooltip';

// The wizard is another feature's page; it preselects the avatar from ?avatar= (PRODUCT.md §4).
const CREATE_VIDEO: string = '/create-video';

export function AvatarDetailDialog({ avatar, onClose }: { avatar: Avatar | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal open={!!avatar} title={avatar?.name ?? ''} onClose={onClose} testId="avatar-detail">
      {avatar && <Detail avatar={avatar} onClose={onClose} />}
      {!avatar && <span className="sr-only">{LL.common.loading()}</span>}
    </Modal>
  );
}

function Detail({ avatar, onClose }: { avatar: Avatar; onClose: () => void }) {
  const { LL } = useI18nContext();
  const D = LL.avatars.detail;
  const a = useLiveAvatar(avatar);
  const custom = isCustomAvatar(a);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // The toast sits under the modal's backdrop: the button itself shows that the copy worked.
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const remove = useMutation({
    mutationFn: () => deleteAvatar(a.id),
    onSuccess: async () => {
      setConfirming(false);
      onClose();
      toast({ title: LL.avatars.remove.deleted(), description: LL.avatars.remove.deletedText({ name: a.name }), variant: 'success' });
      queryClient.removeQueries({ queryKey: [...AVATARS_KEY, 'custom', a.id] });
      await queryClient.invalidateQueries({ queryKey: [...AVATARS_KEY, 'list'] });
    },
    onError: (e) => toast({ title: LL.avatars.remove.failed(), description: errorMessage(e), variant: 'destructive' }),
  });

  const copy = async () => {
    try {
      await copyText(a.id);
      setCopied(true);
      toast({ title: D.idCopied(), description: D.idCopiedText(), variant: 'success' });
    } catch {
      toast({ title: D.copyFailed(), variant: 'destructive' });
    }
  };

  const rows: { label: string; value: React.ReactNode; testId: string }[] = [
    { label: D.type(), value: custom ? D.typeCustom() : D.typeStock(), testId: 'detail-type' },
    { label: D.gender(), value: genderLabel(LL, a.gender), testId: 'detail-gender' },
    { label: D.category(), value: a.categoryLabel ?? categoryLabel(LL, a.category), testId: 'detail-category' },
  ];
  if (custom && a.status) {
    rows.push({
      label: D.status(),
      value: (
        <span className={`badge badge-sm gap-1 ${avatarStatusTone(a.status)}`}>
          {isPreparing(a.status) && <span className="loading loading-spinner loading-xs" aria-hidden />}
          {avatarStatusLabel(LL, a.status)}
        </span>
      ),
      testId: 'detail-status',
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 sm:flex-row">
        <AvatarImage src={a.thumbnail || a.url} alt={a.name} className="aspect-square w-40 shrink-0 self-center rounded-box sm:self-start" />
        <dl className="grid flex-1 grid-cols-[auto_1fr] content-start gap-x-4 gap-y-2 text-sm">
          <dt className="text-base-content/70">{D.id()}</dt>
          <dd className="flex min-w-0 items-center gap-1">
            <Tooltip content={a.id}>
              <code className="truncate rounded bg-base-200 px-1.5 py-0.5 text-xs" data-testid="detail-id">
                {a.id}
              </code>
            </Tooltip>
            <button
              type="button"
              className="btn btn-ghost btn-xs btn-square"
              onClick={() => void copy()}
              aria-label={D.copyId()}
              title={D.copyId()}
              data-testid="copy-id"
              data-copied={copied || undefined}
            >
              {copied ? <Check className="size-3.5 text-success" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
            </button>
          </dd>
          {rows.map((r) => (
            <div key={r.testId} className="contents">
              <dt className="text-base-content/70">{r.label}</dt>
              <dd data-testid={r.testId}>{r.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {custom && isPreparing(a.status) && <p className="text-sm text-base-content/70">{D.preparing()}</p>}
      {custom && a.status === 'failed' && 'errorMessage' in a && typeof a.errorMessage === 'string' && <p className="text-sm text-error">{a.errorMessage}</p>}
      <div className="modal-action mt-0 flex-wrap">
        {custom && (
          <button type="button" className="btn btn-error btn-outline" onClick={() => setConfirming(true)} data-testid="delete-avatar">
            <Trash2 className="size-4" aria-hidden /> {D.delete()}
          </button>
        )}
        <Link to={CREATE_VIDEO} search={{ avatar: a.id } as never} className="btn btn-primary" data-testid="create-video-with-avatar">
          <Video className="size-4" aria-hidden /> {D.createVideo()}
        </Link>
      </div>
      <ConfirmDialog
        open={confirming}
        title={LL.avatars.remove.title()}
        confirmLabel={LL.avatars.remove.confirm()}
        tone="error"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        {LL.avatars.remove.text({ name: a.name })}
      </ConfirmDialog>
    </div>
  );
}
