import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Link2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { Modal } from '../modal';
import { QueryError } from '../route-error';
import { LoadingBlock } from '../spinner';
import { useTrpc } from '@/web/lib/trpc';
import { connectedPlatforms } from './publish-form';
import { PublishFormBody } from './publish-form-body';
import { PublicationsList } from './publications-list';

// The connections live on /connect-platforms (a route of the social feature).
const CONNECT_PAGE: string = '/connect-platforms';

export type PublishVideo = { id: string; title: string; campaignId?: string | null };

/**
 * Publish one finished video to a connected Facebook Page, Instagram account or YouTube channel
 * (docs/decisions/229), and the video's publications below the form.
 */
export function PublishDialog({ video, onClose }: { video: PublishVideo | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal open={!!video} onClose={onClose} title={video ? LL.publishing.dialog.title({ title: video.title }) : ''} wide testId="publish-dialog">
      {video && <PublishDialogBody video={video} onClose={onClose} />}
    </Modal>
  );
}

function PublishDialogBody({ video, onClose }: { video: PublishVideo; onClose: () => void }) {
  const { LL } = useI18nContext();
  const D = LL.publishing.dialog;
  const trpc = useTrpc();
  const connections = useQuery(trpc.publishing.connections.queryOptions());
  const defaults = useQuery(trpc.publishing.defaults.queryOptions({ videoId: video.id }));
  // A video never shared has no link yet (defaults only read): opening Publish makes it, as opening
  // Share does, so that the description shows the tracked link before it is sent.
  const share = useMutation(trpc.distribution.share.mutationOptions({ onSettled: () => void defaults.refetch() }));
  const shared = useRef(false);
  const noLink = defaults.isSuccess && defaults.data.link === '';
  useEffect(() => {
    if (!noLink || shared.current) return;
    shared.current = true;
    share.mutate({ videoId: video.id });
  }, [noLink, share, video.id]);

  if (connections.isPending || defaults.isPending || share.isPending || (noLink && (share.isIdle || (share.isSuccess && defaults.isFetching))))
    return <LoadingBlock className="py-10" />;
  if (connections.isError) return <QueryError error={connections.error} onRetry={() => void connections.refetch()} />;
  if (defaults.isError) return <QueryError error={defaults.error} onRetry={() => void defaults.refetch()} />;

  const platforms = connectedPlatforms(connections.data);
  const others = connections.data.length > platforms.length;
  return (
    <div className="flex flex-col gap-6">
      {platforms.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-200/50 p-4" data-testid="publish-none-connected">
          <p>{D.noneConnected()}</p>
          <Link to={CONNECT_PAGE} className="btn btn-primary btn-sm">
            <Link2 className="size-4" aria-hidden /> {D.connectFirst()}
          </Link>
        </div>
      ) : (
        <PublishFormBody video={video} connections={connections.data} platforms={platforms} defaults={defaults.data} onCancel={onClose} />
      )}
      {platforms.length > 0 && others && (
        <Link to={CONNECT_PAGE} className="link link-primary -mt-4 self-start text-sm" data-testid="publish-connect-others">
          {D.connectOthers()}
        </Link>
      )}
      <PublicationsList filter={{ videoId: video.id }} />
    </div>
  );
}
