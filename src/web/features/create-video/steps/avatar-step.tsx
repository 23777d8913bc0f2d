import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Upload, UserRound } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { LoadingBlock } from '../../../components/spinner';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { AVATAR_PAGE_SIZE, type AvatarItem } from '../api';
import { AVATAR_POLL_MS, isAvatarPending } from '../polling';
import { updateWizard, useWizard, type ChosenAvatar } from '../store';
import { CustomAvatarDialog } from './custom-avatar-dialog';
import { Tooltip } from '../../../components/tooltip';
import { useTrpc } from '@/web/lib/trpc';
import { SearchRow } from '@/web/components/search-input';
import { Pager } from '@/web/components/pager';
import { StepHeader } from './step-parts';

export function useGenderLabel() {
  const { LL } = useI18nContext();
  const G = LL.createVideo.genders;
  return (g: string) => (g === 'female' ? G.female() : g === 'non-binary' ? G.nonBinary() : G.male());
}

export function chooseAvatar(a: Pick<AvatarItem, 'id' | 'name' | 'thumbnail' | 'type' | 'gender'>, current: string | null) {
  if (current === a.id) return;
  const chosen: ChosenAvatar = { id: a.id, name: a.name, thumbnail: a.thumbnail, type: a.type, gender: a.gender };
  // A new avatar gets the spec's default voice again (custom and stock avatars differ).
  updateWizard({ avatar: chosen, voiceId: null });
}

/** Search, a grid of 18 per page, pagination and custom upload (spec part 2 §2.1, §9). */
export function AvatarStep() {
  const { LL } = useI18nContext();
  const A = LL.createVideo.avatar;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const f = useFormat();
  const selected = useWizard((s) => s.avatar);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const [awaiting, setAwaiting] = useState<string | null>(null);

  // The list follows the search box a moment after typing stops.
  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(t);
  }, [search]);

  const list = useQuery({
    ...trpc.avatars.list.queryOptions({ page, limit: AVATAR_PAGE_SIZE, search: query || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
  });
  const data = list.data;
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.avatars.list.pathKey() });

  const onReady = (a: AvatarItem) => {
    void refreshList();
    if (awaiting === a.id) {
      setAwaiting(null);
      chooseAvatar({ ...a, thumbnail: a.thumbnail }, selected?.id ?? null);
      toast({ title: A.ready(), description: A.readyText({ name: a.name }), variant: 'success' });
    }
  };
  const onFailed = (a: AvatarItem) => {
    void refreshList();
    if (awaiting === a.id) setAwaiting(null);
    toast({ title: LL.createVideo.upload.avatarFailed(), description: A.failedText(), variant: 'destructive' });
  };

  return (
    <div className="space-y-4">
      <StepHeader
        title={A.title()}
        hint={A.hint()}
        action={
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setUploading(true)} data-testid="avatar-upload-open">
            <Upload className="size-4" aria-hidden /> {A.upload()}
          </button>
        }
      />

      <SearchRow value={search} onChange={setSearch} label={A.search()} placeholder={A.searchPlaceholder()} testId="avatar-search">
        {selected && (
          <div className="flex items-center gap-2 text-sm" data-testid="avatar-chosen">
            <AvatarImage src={selected.thumbnail} className="size-8 rounded-full" />
            <span className="font-medium">{A.chosen({ name: selected.name })}</span>
          </div>
        )}
      </SearchRow>

      {list.isPending && <LoadingBlock className="py-12" />}
      {list.isError && (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
          <div className="flex-1">
            <p className="font-semibold">{A.loadError()}</p>
            <p className="text-sm">{A.loadErrorText()}</p>
          </div>
          <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
            {LL.common.tryAgain()}
          </button>
        </div>
      )}
      {data && data.avatars.length === 0 && (
        <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="avatar-empty">
          <UserRound className="size-10 text-base-content/40" aria-hidden />
          <p className="font-semibold">{query ? A.noMatch() : A.empty()}</p>
          {query ? (
            <button type="button" className="btn btn-sm" onClick={() => setSearch('')}>
              {A.clearSearch()}
            </button>
          ) : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setUploading(true)}>
              <Upload className="size-4" aria-hidden /> {A.upload()}
            </button>
          )}
        </div>
      )}
      {data && data.avatars.length > 0 && (
        <>
          <ul
            className={`grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
            data-testid="avatar-grid"
          >
            {data.avatars.map((a) => (
              <li key={a.id}>
                <AvatarCard avatar={a} selected={selected?.id === a.id} onReady={onReady} onFailed={onFailed} />
              </li>
            ))}
          </ul>
          <Pager
            summary={<span className="text-base-content/60">{A.count({ total: f.number(data.pagination.total) })}</span>}
            previous={{ label: A.previousPage(), disabled: page <= 1, onClick: () => setPage((p) => p - 1) }}
            current={{ label: A.page({ page: data.pagination.page, pages: Math.max(1, data.pagination.totalPages) }), testId: 'avatar-page' }}
            next={{ label: A.nextPage(), disabled: !data.pagination.hasNext, onClick: () => setPage((p) => p + 1), testId: 'avatar-next-page' }}
            testId="avatar-pagination"
          />
        </>
      )}

      <CustomAvatarDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onCreated={(id) => {
          setUploading(false);
          setAwaiting(id);
          setSearch('');
          setQuery('');
          setPage(1);
          void refreshList();
        }}
      />
    </div>
  );
}

export function AvatarImage({ src, className = '' }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <div className={`flex items-center justify-center bg-base-200 text-base-content/40 ${className}`}>
        <UserRound className="size-1/2" aria-hidden />
      </div>
    );
  return <img src={src} alt="" loading="lazy" className={`object-cover ${className}`} onError={() => setFailed(true)} />;
}

/** One avatar; a custom avatar still being prepared polls its status every 5 s (spec §4). */
function AvatarCard({
  avatar,
  selected,
  onReady,
  onFailed,
}: {
  avatar: AvatarItem;
  selected: boolean;
  onReady: (a: AvatarItem) => void;
  onFailed: (a: AvatarItem) => void;
}) {
  const { LL } = useI18nContext();
  const A = LL.createVideo.avatar;
  const trpc = useTrpc();
  const gender = useGenderLabel();
  const custom = avatar.type === 'custom';
  const pendingAtList = custom && isAvatarPending(avatar.status);
  const status = useQuery({
    ...trpc.avatars.custom.queryOptions({ id: avatar.id }),
    enabled: pendingAtList,
    staleTime: 0,
    refetchInterval: (q) => (isAvatarPending(q.state.data?.status ?? avatar.status) ? AVATAR_POLL_MS : false),
  });
  const current = status.data ?? avatar;
  const pending = custom && isAvatarPending(current.status);
  const failed = custom && current.status === 'failed';

  // Runs when the polled status changes, with the latest callbacks.
  const settle = useEffectEvent((data: NonNullable<typeof status.data>) => {
    if (data.status === 'done') onReady(data);
    else if (data.status === 'failed') onFailed(data);
  });
  const polled = pendingAtList ? status.data : undefined;
  useEffect(() => {
    if (polled) settle(polled);
  }, [polled]);

  const pick = () => {
    if (pending || failed) return toast({ title: A.notReady(), description: A.notReadyText() });
    chooseAvatar(current, null);
  };

  return (
    <button
      type="button"
      onClick={pick}
      aria-pressed={selected}
      className={`group relative flex w-full flex-col overflow-hidden rounded-box border-2 bg-base-100 text-left transition ${selected ? 'border-primary shadow-md' : 'border-base-300 hover:border-primary/50'} ${pending || failed ? 'opacity-70' : ''}`}
      data-testid="avatar-card"
      data-avatar-id={avatar.id}
    >
      <AvatarImage src={current.thumbnail} className="aspect-square w-full bg-base-200" />
      <div className="flex flex-col gap-1 p-2">
        <Tooltip content={current.name}>
          <span className="truncate text-sm font-medium">{current.name}</span>
        </Tooltip>
        <span className="flex flex-wrap gap-1">
          <span className="badge badge-ghost badge-xs border-base-content/20">{gender(current.gender)}</span>
          {custom && <span className="badge badge-secondary badge-xs">{A.custom()}</span>}
          {'providerName' in current && (
            <span className="badge badge-accent badge-xs" data-testid="avatar-provider">
              {current.providerName}
            </span>
          )}
        </span>
      </div>
      {selected && <span className="badge badge-primary badge-sm absolute top-2 right-2">{A.selected()}</span>}
      {pending && (
        <span className="badge badge-warning badge-sm absolute top-2 left-2 gap-1" data-testid="avatar-preparing">
          <span className="loading loading-spinner loading-xs" /> {A.preparing()}
        </span>
      )}
      {failed && <span className="badge badge-error badge-sm absolute top-2 left-2">{A.failed()}</span>}
    </button>
  );
}
