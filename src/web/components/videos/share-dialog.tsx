import { useMutation } from '@tanstack/react-query';
import { Copy, Link2, Link2Off, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { Modal } from '@/web/components/modal';
import { useTrpc } from '@/web/lib/trpc';

export type Shareable = { id: string; title: string };

/** The two changes to a live link, each confirmed first: a new link, or none. */
const LINK_CHANGES = [
  { kind: 'regenerate', Icon: RefreshCw, tone: '' },
  { kind: 'revoke', Icon: Link2Off, tone: ' text-error' },
] as const;

/**
 * Share: the video's tracked landing page link (/v/<token>), made on first use and copied at
 * once; shown with Copy, New link (the old one stops working) and Turn off. Never the raw file.
 */
export function ShareDialog({ video, onClose }: { video: Shareable | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal open={!!video} onClose={onClose} title={LL.shareLink.title()} subtitle={video?.title} testId="share-dialog">
      {video && <ShareBody key={video.id} video={video} onClose={onClose} />}
    </Modal>
  );
}

function ShareBody({ video, onClose }: { video: Shareable; onClose: () => void }) {
  const { LL } = useI18nContext();
  const S = LL.shareLink;
  const trpc = useTrpc();
  const [link, setLink] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const [off, setOff] = useState(false);

  const copy = async (url: string, title = S.copied()) => {
    try {
      await copyText(url);
      toast({ title, description: S.copiedText(), variant: 'success' });
    } catch (e) {
      toast({ title: S.copyFailed(), description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
    }
  };
  const share = useMutation(
    trpc.distribution.share.mutationOptions({
      onSuccess: (s, input) => {
        // Built from this page's origin: right behind any proxy, whatever APP_URL says.
        const url = new URL(s.path, window.location.origin).href;
        setLink(url);
        setOff(false);
        setConfirming(null);
        void copy(url, input.regenerate ? S.regenerated() : S.copied());
      },
      onError: (e) => toast({ title: S.failed(), description: e.message, variant: 'destructive' }),
    }),
  );
  const revoke = useMutation(
    trpc.distribution.unshare.mutationOptions({
      onSuccess: () => {
        setLink(null);
        setOff(true);
        setConfirming(null);
        toast({ title: S.revoked(), description: S.revokedText(), variant: 'success' });
      },
      onError: (e) => toast({ title: S.failed(), description: e.message, variant: 'destructive' }),
    }),
  );
  // Opening the dialog is the Share click: make (or fetch) the link and copy it, once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    share.mutate({ videoId: video.id });
  }, [share, video.id]);

  const busy = share.isPending || revoke.isPending;
  return (
    <div className="space-y-4">
      {off ? (
        <div className="rounded-box border border-dashed border-base-300 p-4 text-center" data-testid="share-off">
          <Link2Off className="mx-auto mb-2 size-6 text-base-content/50" aria-hidden />
          <p className="text-sm text-base-content/70">{S.offText()}</p>
          <button type="button" className="btn btn-primary btn-sm mt-3" onClick={() => share.mutate({ videoId: video.id })} disabled={busy}>
            <Link2 className="size-4" aria-hidden /> {S.create()}
          </button>
        </div>
      ) : (
        <>
          <label className="input w-full" aria-busy={share.isPending}>
            <Link2 className="size-4 opacity-60" aria-hidden />
            <input
              readOnly
              value={link ?? ''}
              placeholder={S.making()}
              aria-label={S.linkLabel()}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link"
            />
            {share.isPending && <span className="loading loading-spinner loading-xs" />}
          </label>
          <p className="text-sm text-base-content/70">{S.tracked()}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary btn-sm" disabled={!link || busy} onClick={() => link && void copy(link)} data-testid="share-copy">
              <Copy className="size-4" aria-hidden /> {S.copy()}
            </button>
            {LINK_CHANGES.map(({ kind, Icon, tone }) => (
              <button
                key={kind}
                type="button"
                className={`btn btn-ghost btn-sm${tone}`}
                disabled={!link || busy}
                onClick={() => setConfirming(kind)}
                data-testid={`share-${kind}`}
              >
                <Icon className="size-4" aria-hidden /> {S[kind]()}
              </button>
            ))}
          </div>
          {confirming && (
            <div role="alert" className="alert alert-warning alert-soft flex flex-wrap" data-testid="share-confirm">
              <span className="flex-1">{confirming === 'regenerate' ? S.regenerateWarning() : S.revokeWarning()}</span>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(null)} disabled={busy}>
                {LL.common.cancel()}
              </button>
              <button
                type="button"
                className="btn btn-warning btn-sm"
                disabled={busy}
                onClick={() => (confirming === 'regenerate' ? share.mutate({ videoId: video.id, regenerate: true }) : revoke.mutate({ videoId: video.id }))}
                data-testid="share-confirm-button"
              >
                {confirming === 'regenerate' ? S.regenerate() : S.revoke()}
              </button>
            </div>
          )}
        </>
      )}
      <div className="modal-action mt-2">
        <button type="button" className="btn" onClick={onClose}>
          {LL.common.close()}
        </button>
      </div>
    </div>
  );
}
