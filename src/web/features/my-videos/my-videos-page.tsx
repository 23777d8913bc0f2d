import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Clapperboard, Eye, Film, Play, Share2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { CreateVideoLink } from '../../components/create-video-link';
import { PageHeader } from '../../components/page-header';
import { PopularTemplates } from '@/web/components/popular-templates';
import type { Video } from '@/web/components/videos/types';
import { ShareDialog, type Shareable } from '@/web/components/videos/share-dialog';
import { VideoCard } from '@/web/components/videos/video-card';
import { VIDEO_FILTERS, type VideoFilter } from './filter';
import { LoadMore } from '@/web/components/load-more';
import { useDebounced } from '@/web/lib/use-debounced';
import { EmptyState, NoMatch, QueryState } from '@/web/components/query-state';
import { FilterTabs } from '@/web/components/filter-tabs';
import { SearchRow } from '@/web/components/search-input';
import { itemsOf, videoPagesOptions } from '@/web/lib/pages';
import { VideoDialogs } from './video-dialogs';
import { VideoMenu, type VideoAction } from './video-menu';
import { VideoPlayerDialog, type Playable } from '@/web/components/videos/video-player-dialog';
import { useTrpc } from '@/web/lib/trpc';
import { useUser } from '@/web/lib/user';
import { DevDetails } from './dev-details';
import { ViewersDialog } from './viewers-dialog';

// The wizard is another feature's page.
const CREATE_VIDEO: string = '/create-video';
const MY_CLIPS: string = '/my-clips';
/** While a render runs the list follows it. */
const PROCESSING_REFRESH_MS = 5000;
const SEARCH_DELAY_MS = 250;

export function MyVideosPage() {
  const { LL } = useI18nContext();
  const M = LL.myVideos;
  const trpc = useTrpc();
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<VideoFilter>('all');
  // The search reaches the server a moment after typing stops; the filters run there, over every video.
  const search = useDebounced(q.trim(), SEARCH_DELAY_MS);
  const list = useInfiniteQuery({
    ...videoPagesOptions(trpc, { q: search, filter: filter === 'all' ? undefined : filter }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (itemsOf(query.state.data).some((v) => v.status === 'processing') ? PROCESSING_REFRESH_MS : false),
  });
  const dashboard = useQuery(trpc.dashboard.get.queryOptions());
  const [playing, setPlaying] = useState<Playable | null>(null);
  const [sharing, setSharing] = useState<Shareable | null>(null);
  const [acting, setActing] = useState<{ action: VideoAction; video: Video } | null>(null);
  // The viewers dialog is in the address (?viewers=<id>): a notice in the bell opens it.
  const { viewers: viewersOf } = useSearch({ strict: false }) as { viewers?: string };
  const navigate = useNavigate();
  const showViewers = (id: string | undefined) => void navigate({ to: '/my-videos', search: id ? { viewers: id } : {}, replace: !id });
  const developer = useUser().data?.settings.advanced.developerMode ?? false;

  const shown = itemsOf(list.data);
  const filtered = filter !== 'all' || search !== '';
  // How many: all of them from the dashboard's counter, or the matches once every page is loaded.
  const count = !filtered ? dashboard.data?.videoCount : list.hasNextPage ? undefined : shown.length;
  const play = (v: Video) => v.videoUrl && setPlaying({ title: v.title, url: v.videoUrl, poster: v.thumbnail, previewFor: v.previewFor });

  return (
    <div data-testid="my-videos" className="space-y-6">
      <PageHeader
        title={M.title()}
        subtitle={M.subtitle()}
        actions={
          <>
            <Link to={MY_CLIPS} className="btn btn-outline">
              <Clapperboard className="size-4" aria-hidden /> {M.myClips()}
            </Link>
            <CreateVideoLink label={M.createNew()} testId="create-new-video" />
          </>
        }
      />

      <section
        className="relative overflow-hidden rounded-box bg-gradient-to-r from-primary to-secondary p-6 text-primary-content shadow-sm"
        data-testid="video-maker-promo"
      >
        <div className="relative z-10 flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <span className="badge badge-sm mb-2 border-0 bg-white/20 text-primary-content">
              <Sparkles className="size-3" aria-hidden /> {M.promo.badge()}
            </span>
            <h2 className="text-xl font-bold">{M.promo.title()}</h2>
            <p className="mt-1 opacity-90">{M.promo.text()}</p>
          </div>
          <Link to={CREATE_VIDEO} className="btn shrink-0 border-0 bg-white text-primary hover:bg-white/90">
            {M.promo.cta()}
          </Link>
        </div>
        <Film className="absolute -right-6 -bottom-8 size-40 opacity-10" aria-hidden />
      </section>

      <section aria-labelledby="recent-videos" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="recent-videos" className="text-lg font-semibold">
            {M.recent()}
          </h2>
          {list.isSuccess && count !== undefined && (
            <span className="text-sm text-base-content/70" data-testid="videos-count">
              {M.count({ count })}
            </span>
          )}
        </div>
        <SearchRow value={q} onChange={setQ} label={M.search()} placeholder={M.searchPlaceholder()} testId="video-search" wideFrom="md">
          <FilterTabs
            options={VIDEO_FILTERS}
            value={filter}
            onChange={setFilter}
            label={(f) => M.filters[f]()}
            ariaLabel={M.filterLabel()}
            testId={(f) => `video-filter-${f}`}
            className="w-full flex-nowrap overflow-x-auto md:w-fit"
          />
        </SearchRow>

        <QueryState
          query={list}
          empty={shown.length === 0}
          loading={
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="videos-loading">
              {[0, 1, 2].map((i) => (
                <div key={i} className="skeleton aspect-[4/3]" />
              ))}
            </div>
          }
          error={{ message: M.loadFailed(), testId: 'videos-error' }}
          emptyState={
            filtered ? (
              <NoMatch
                text={M.noMatch()}
                clearLabel={M.clearFilters()}
                onClear={() => {
                  setQ('');
                  setFilter('all');
                }}
                testId="videos-no-match"
              />
            ) : (
              <EmptyState icon={Film} title={M.empty()} text={M.emptyText()} testId="videos-empty" action={<CreateVideoLink label={M.createNew()} small />} />
            )
          }
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="video-grid">
            {shown.map((v) => (
              <li key={v.id}>
                <VideoCard
                  video={v}
                  details={developer && <DevDetails videoId={v.id} processing={v.status === 'processing'} />}
                  corner={
                    v.previewFor && (
                      <span
                        className="badge badge-sm border-white/30 bg-black/70 text-white"
                        title={LL.createVideo.preview.previewNote()}
                        data-testid="video-preview-for"
                      >
                        {LL.createVideo.preview.previewFor({ name: v.previewFor })}
                      </span>
                    )
                  }
                  actions={
                    <>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        onClick={() => play(v)}
                        disabled={!v.videoUrl}
                        aria-label={M.playVideo({ title: v.title })}
                        title={v.videoUrl ? undefined : M.notReady()}
                        data-testid="play-video"
                      >
                        <Play className="size-4" aria-hidden /> {M.play()}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => setSharing(v)}
                        disabled={!v.videoUrl}
                        aria-label={M.shareVideo({ title: v.title })}
                        title={v.videoUrl ? LL.shareLink.hint() : M.notReady()}
                        data-testid="share-video"
                      >
                        <Share2 className="size-4" aria-hidden /> {M.share()}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => showViewers(v.id)}
                        aria-label={M.viewers.openFor({ title: v.title })}
                        data-testid="video-viewers"
                      >
                        <Eye className="size-4" aria-hidden /> {M.viewers.open()}
                      </button>
                      <VideoMenu video={v} onAction={(action) => setActing({ action, video: v })} />
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMore pages={list} testId="videos-more" />
        </QueryState>
      </section>

      {dashboard.isSuccess && dashboard.data.templates.length > 0 && <PopularTemplates templates={dashboard.data.templates} />}

      <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} />
      <ShareDialog video={sharing} onClose={() => setSharing(null)} />
      <VideoDialogs acting={acting} onClose={() => setActing(null)} />
      <ViewersDialog
        video={viewersOf ? { id: viewersOf, title: shown.find((v) => v.id === viewersOf)?.title ?? '' } : null}
        onClose={() => showViewers(undefined)}
      />
    </div>
  );
}
