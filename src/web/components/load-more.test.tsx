import { describe, expect, test } from 'bun:test';
import { LoadMore, observeSentinel } from './load-more';
import { html } from './fixtures/render';

/** An infinite query's paging state, as LoadMore reads it. */
const pages = (hasNextPage: boolean, isFetchingNextPage = false) => ({ hasNextPage, isFetchingNextPage, fetchNextPage: () => {} });

/** A stand-in IntersectionObserver the test drives by hand. */
function fakeObserver() {
  const made: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; observed: Element[]; disconnected: boolean }[] = [];
  class Observer {
    entry: (typeof made)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, observed: [], disconnected: false };
      made.push(this.entry);
    }
    observe(el: Element) {
      this.entry.observed.push(el);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const fire = (isIntersecting: boolean) => made.at(-1)!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  return { Observer, made, fire };
}

describe('LoadMore', () => {
  test('a visible, keyboard-reachable button while more pages exist; nothing on the last page', () => {
    const out = html(<LoadMore pages={pages(true)} testId="x-more" />);
    expect(out).toContain('data-testid="x-more"');
    expect(out).toMatch(/<button type="button"[^>]*>Load more<\/button>/);
    expect(out).not.toContain('disabled=""');
    expect(html(<LoadMore pages={pages(false)} />)).toBe('');
  });

  test('while a page loads the button says so and stays focusable (aria-disabled, not disabled)', () => {
    const out = html(<LoadMore pages={pages(true, true)} />, 'fr');
    expect(out).toContain('Chargement de la suite…');
    expect(out).toContain('aria-disabled="true"');
    expect(out).toContain('aria-busy="true"');
    expect(out).not.toContain('disabled=""');
  });

  test('the sentinel asks for the next page when it comes into view, ahead of the viewport', () => {
    const io = fakeObserver();
    let calls = 0;
    const el = {} as Element;
    const stop = observeSentinel(el, () => calls++, io.Observer);
    expect(io.made[0].observed).toEqual([el]);
    expect(io.made[0].options?.rootMargin).toBe('400px');
    io.fire(false);
    expect(calls).toBe(0);
    io.fire(true);
    expect(calls).toBe(1);
    stop();
    expect(io.made[0].disconnected).toBe(true);
  });

  test('without an element or an IntersectionObserver it does nothing (the button remains)', () => {
    const io = fakeObserver();
    observeSentinel(null, () => {}, io.Observer)();
    observeSentinel({} as Element, () => {}, undefined)();
    expect(io.made).toHaveLength(0);
  });
});
