import { useEffect, useEffectEvent, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';

type ObserverCtor = new (callback: IntersectionObserverCallback, options?: IntersectionObserverInit) => Pick<IntersectionObserver, 'observe' | 'disconnect'>;

/**
 * Calls onVisible when `el` comes within `rootMargin` of the viewport; returns the clean-up.
 * A new observer reports the current state at once, so re-creating it after each page loads
 * also fetches the next one while the sentinel is still in view (a short page).
 */
export function observeSentinel(
  el: Element | null,
  onVisible: () => void,
  Observer: ObserverCtor | undefined = globalThis.IntersectionObserver,
  rootMargin = '400px',
): () => void {
  if (!el || !Observer) return () => {};
  const io = new Observer((entries) => entries.some((e) => e.isIntersecting) && onVisible(), { rootMargin });
  io.observe(el);
  return () => io.disconnect();
}

/** What LoadMore reads of a list that loads in pages (react-query's useInfiniteQuery result fits). */
export type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The end of a list that loads in pages (useInfiniteQuery): the next page loads when this comes into
 * view as the user scrolls, and a visible "Load more" button does the same by click or keyboard (no
 * IntersectionObserver, a screen reader, a user who prefers to ask). Renders nothing on the last page.
 */
export function LoadMore({ pages, testId = 'load-more' }: { pages: Pages; testId?: string }) {
  const { hasNextPage: hasMore, isFetchingNextPage: loading } = pages;
  const { LL } = useI18nContext();
  const ref = useRef<HTMLDivElement>(null);
  const load = useEffectEvent(() => {
    if (hasMore && !loading) void pages.fetchNextPage();
  });
  useEffect(() => (hasMore && !loading ? observeSentinel(ref.current, load) : undefined), [hasMore, loading]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-4" data-testid={testId}>
      {/* aria-disabled, not disabled: the button keeps the keyboard focus while the page loads. */}
      <button type="button" className="btn btn-outline btn-sm" aria-disabled={loading} aria-busy={loading} onClick={() => load()}>
        {loading && <span className="loading loading-spinner loading-xs" aria-hidden />}
        {loading ? LL.common.loadingMore() : LL.common.loadMore()}
      </button>
    </div>
  );
}
