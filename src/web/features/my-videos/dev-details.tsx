import { useQuery } from '@tanstack/react-query';
import { useI18nContext } from '@locales/i18n-react';
import { useTrpc } from '@/web/lib/trpc';

/** Developer mode (Settings → Advanced): the video's id, its render job's state and the API call for it. */
export function DevDetails({ videoId, processing }: { videoId: string; processing: boolean }) {
  const { LL } = useI18nContext();
  const D = LL.myVideos.dev;
  const trpc = useTrpc();
  const job = useQuery({ ...trpc.generation.jobState.queryOptions({ id: videoId }), refetchInterval: processing ? 5000 : false });
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 font-mono text-[11px] text-base-content/70" data-testid="dev-details">
      <dt>{D.id()}</dt>
      <dd className="break-all select-all" data-testid="dev-video-id">
        {videoId}
      </dd>
      <dt>{D.job()}</dt>
      <dd data-testid="dev-job-state">
        {job.data ? `${job.data.jobState ?? D.noJob()}${job.data.queue ? ` (${job.data.queue})` : ''} · ${job.data.status} ${job.data.progress}%` : '…'}
      </dd>
      <dt>{D.api()}</dt>
      <dd className="break-all select-all" data-testid="dev-api">
        {job.data?.api ?? `GET /api/videos/${videoId}/status`}
      </dd>
    </dl>
  );
}
