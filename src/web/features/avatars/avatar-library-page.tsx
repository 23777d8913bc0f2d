import { useInfiniteQuery } from '@tanstack/react-query';
import { ImagePlus, Plus, SearchX, UserRoundPlus } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { FilterTabs } from '../../components/filter-tabs';
import { PageHeader } from '../../components/page-header';
import { EmptyState, QueryState } from '../../components/query-state';
import { SearchRow } from '../../components/search-input';
import { useFormat } from '../../lib/format';
import { avatarListOptions, type Avatar } from './api';
import { AvatarCard } from './avatar-card';
import { AvatarDetailDialog } from './avatar-detail-dialog';
import { AVATAR_GENDERS, AVATAR_TABS, type AvatarGenderFilter, type AvatarTab } from './avatar-rules';
import { UploadAvatarDialog } from './upload-avatar-dialog';
import { Tooltip } from '../../components/tooltip';
import { RefreshButton } from '@/web/components/refresh-button';
import { FilterSelect } from '@/web/components/filter-select';
import { useDebounced } from '@/web/lib/use-debounced';

const SEARCH_DEBOUNCE_MS = 300;

/** Ten placeholder cards while the first page loads (stable keys: the list never reorders). */
const SKELETON_KEYS = Array.from({ length: 10 }, (_, i) => `skeleton-${i}`);

export function AvatarLibraryPage() {
  const { LL } = useI18nContext();
  const A = LL.avatars;
  const f = useFormat();
  const [tab, setTab] = useState<AvatarTab>('all');
  const [gender, setGender] = useState<AvatarGenderFilter>('all');
  const [typed, setTyped] = useState('');
  // The box types freely; the list follows a moment later.
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [open, setOpen] = useState<Avatar | null>(null);
  const [uploading, setUploading] = useState(false);

  const list = useInfiniteQuery(avatarListOptions({ tab, gender, search }));
  const avatars = list.data?.pages.flatMap((p) => p.avatars) ?? [];
  const total = list.data?.pages.at(-1)?.pagination.total ?? 0;
  const filtered = search !== '' || gender !== 'all';
  const clear = () => {
    setTyped('');
    setGender('all');
  };

  return (
    <div data-testid="avatar-library">
      <PageHeader
        title={A.title()}
        subtitle={A.subtitle()}
        actions={
          <>
            <Tooltip content={A.refresh()}>
              <RefreshButton onClick={() => void list.refetch()} spinning={list.isFetching} label={A.refresh()} testId="avatars-refresh" compactOnMobile />
            </Tooltip>
            <button type="button" className="btn btn-primary" onClick={() => setUploading(true)} data-testid="upload-custom">
              <ImagePlus className="size-4" aria-hidden /> {A.uploadCustom()}
            </button>
          </>
        }
      />

      <FilterTabs
        options={AVATAR_TABS}
        value={tab}
        onChange={setTab}
        label={(t) => A.tabs[t]()}
        ariaLabel={A.title()}
        testId={(t) => `avatar-tab-${t}`}
        className="mb-4 w-full flex-nowrap overflow-x-auto sm:w-fit"
      />

      <SearchRow value={typed} onChange={setTyped} label={A.search()} placeholder={A.searchPlaceholder()} testId="avatar-search" className="mb-6">
        <FilterSelect
          value={gender}
          onChange={(g) => setGender(g ?? 'all')}
          options={AVATAR_GENDERS}
          optionLabel={(g) => A.genders[g]()}
          label={A.genderFilter()}
          className="w-full sm:w-48"
          testId="avatar-gender-filter"
        />
      </SearchRow>

      <QueryState
        query={list}
        empty={avatars.length === 0}
        loading={
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="avatars-loading" aria-busy="true">
            {SKELETON_KEYS.map((k) => (
              <li key={k} className="skeleton aspect-[4/5]" />
            ))}
          </ul>
        }
        error={{ message: A.errorTitle(), detail: A.errorText(), testId: 'avatars-error' }}
        emptyState={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title={A.noMatch()}
              text={A.noMatchText()}
              testId="avatars-no-match"
              action={
                <button type="button" className="btn btn-sm" onClick={clear} data-testid="avatars-clear-search">
                  {A.clearSearch()}
                </button>
              }
            />
          ) : (
            <EmptyState
              icon={UserRoundPlus}
              title={A.empty()}
              text={A.emptyText()}
              testId="avatars-empty"
              action={
                <button type="button" className="btn btn-primary btn-sm" onClick={() => setUploading(true)}>
                  <ImagePlus className="size-4" aria-hidden /> {A.uploadCustom()}
                </button>
              }
            />
          )
        }
      >
        <p className="mb-3 text-sm text-base-content/70" data-testid="avatars-count">
          {A.shown({ shown: f.number(avatars.length), total: f.number(total) })}
        </p>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" data-testid="avatar-grid">
          <li>
            <button
              type="button"
              onClick={() => setUploading(true)}
              className="flex h-full min-h-48 w-full flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed border-base-300 p-4 text-center transition hover:border-primary/60 hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              data-testid="create-avatar-card"
            >
              <span className="rounded-full bg-primary/10 p-3 text-primary">
                <Plus className="size-6" aria-hidden />
              </span>
              <span className="font-medium">{A.createNew()}</span>
              <span className="text-xs text-base-content/60">{A.createNewHint()}</span>
            </button>
          </li>
          {avatars.map((a) => (
            <li key={a.id}>
              <AvatarCard avatar={a} onOpen={setOpen} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="mt-6 flex justify-center">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              data-testid="avatars-load-more"
            >
              {list.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden />}
              {A.loadMore()}
            </button>
          </div>
        )}
      </QueryState>

      <AvatarDetailDialog avatar={open} onClose={() => setOpen(null)} />
      <UploadAvatarDialog open={uploading} onClose={() => setUploading(false)} />
    </div>
  );
}
