import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Clapperboard, Play, Repeat2 } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { CreateVideoLink } from '../../components/create-video-link';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { VideoPlayerDialog, type Playable } from '@/web/components/videos/video-player-dialog';
import { formatDuration, VideoThumb } from '@/web/components/videos/video-thumb';
import { clipsOptions, fetchClipVideo, type Clip } from './api';
import { canReuseClip } from './clip-status';
import { ClipStatusBadge } from './clip-status-badge';
import { Tooltip } from '../../components/tooltip';
import { useErrorToast } from '@/web/lib/use-error-toast';
import { EmptyState, LoadingRows, QueryState } from '@/web/components/query-state';
import { LoadMore } from '@/web/components/load-more';

// The wizard is another feature's page: it preselects ?avatar= and fills the script from ?script=.
const CREATE_VIDEO: string = '/create-video';

export function MyClipsPage() {
  const { LL } = useI18nContext();
  const C = LL.clips;
  const f = useFormat();
  const navigate = useNavigate();
  const list = useInfiniteQuery(clipsOptions);
  const [playing, setPlaying] = useState<Playable | null>(null);
  const [reusing, setReusing] = useState<string | null>(null);
  const hasData = !!list.data;

  // A load that fails with nothing to show says Failed to fetch clips (spec part 2 §8) beside the error state;
  // a failed refresh of a shown list says Refresh failed instead, and the list stays.
  useErrorToast(list.isError ? list.error : null, () => C.fetchFailed(), !hasData);

  const refresh = async () => {
    const r = await list.refetch();
    if (r.isError && hasData) toast({ title: C.refreshFailed(), description: errorMessage(r.error), variant: 'destructive' });
  };

  const reuse = async (clip: Clip) => {
    if (!canReuseClip(clip.status)) return;
    setReusing(clip.id);
    let search: Record<string, string> = {};
    try {
      const video = await fetchClipVideo(clip.videoId);
      if (video.avatarId) search.avatar = video.avatarId;
      if (video.script) search.script = video.script;
    } catch {
      // The video may be gone: the wizard still opens, empty.
      search = {};
    }
    setReusing(null);
    void navigate({ to: CREATE_VIDEO, search: search as never });
  };

  const clips = list.data?.pages.flatMap((p) => p.clips) ?? [];
  return (
    <div data-testid="my-clips">
      <PageHeader
        title={C.title()}
        subtitle={C.subtitle()}
        refresh={{ onClick: () => void refresh(), spinning: list.isFetching, label: C.refresh(), testId: 'clips-refresh' }}
        actions={<CreateVideoLink label={C.createNew()} testId="clips-create-new" />}
      />

      <QueryState
        query={list}
        empty={clips.length === 0}
        loading={<LoadingRows height="h-28" testId="clips-loading" />}
        error={{ message: C.fetchFailed(), testId: 'clips-error' }}
        emptyState={
          <EmptyState
            icon={Clapperboard}
            title={C.empty()}
            text={C.emptyText()}
            testId="clips-empty"
            action={<CreateVideoLink label={C.createNew()} small />}
          />
        }
      >
        <ul className="space-y-3" data-testid="clip-list">
          {clips.map((clip) => {
            const name = clip.name || C.untitled();
            const duration = formatDuration(clip.duration);
            const reusable = canReuseClip(clip.status);
            return (
              <li
                key={clip.id}
                className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-center"
                data-testid="clip-row"
                data-clip-id={clip.id}
              >
                <div className="w-full shrink-0 sm:w-44">
                  <VideoThumb thumbnail={clip.thumbnail} title={name}>
                    {duration && <span className="absolute right-1.5 bottom-1.5 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{duration}</span>}
                  </VideoThumb>
                </div>
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="min-w-0 font-medium break-words" data-testid="clip-name">
                      {name}
                    </h2>
                    <ClipStatusBadge status={clip.status} />
                  </div>
                  <p className="text-xs text-base-content/70">{C.createdOn({ date: f.date(clip.createdAt) })}</p>
                  {clip.error && <p className="text-sm text-error">{clip.error}</p>}
                </div>
                <div className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={!clip.result_url}
                    onClick={() => clip.result_url && setPlaying({ title: name, url: clip.result_url, poster: clip.thumbnail })}
                    data-testid="clip-watch"
                  >
                    <Play className="size-4" aria-hidden /> {C.watch()}
                  </button>
                  <Tooltip content={reusable ? undefined : C.reuseHint()}>
                    <span className="inline-flex">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        disabled={!reusable || reusing === clip.id}
                        onClick={() => void reuse(clip)}
                        data-testid="clip-reuse"
                      >
                        {reusing === clip.id ? <span className="loading loading-spinner loading-xs" aria-hidden /> : <Repeat2 className="size-4" aria-hidden />}{' '}
                        {C.reuse()}
                      </button>
                    </span>
                  </Tooltip>
                </div>
              </li>
            );
          })}
        </ul>
        <LoadMore pages={list} testId="clips-more" />
      </QueryState>

      <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
