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

/**
 * The end of a list that loads in pages (useInfiniteQuery): the next page loads when this comes into
 * view as the user scrolls, and a visible "Load more" button does the same by click or keyboard (no
 * IntersectionObserver, a screen reader, a user who prefers to ask). Renders nothing on the last page.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  testId = 'load-more',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  testId?: string;
}) {
  const { LL } = useI18nContext();
  const ref = useRef<HTMLDivElement>(null);
  const load = useEffectEvent(() => {
    if (hasMore && !loading) onLoadMore();
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
