import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { Tooltip } from './tooltip';
import { TOOLTIP_DELAY_MS, tooltipTiming } from './tooltip-timing';

/** Timers driven by hand: `advance(ms)` runs what is due. */
function fakeTimers() {
  let now = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  return {
    set: (fn: () => void, ms: number) => {
      queue.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (h: unknown) => queue.delete(h as number),
    advance(ms: number) {
      now += ms;
      for (const [h, t] of [...queue]) if (t.at <= now) queue.delete(h), t.fn();
    },
  };
}

describe('tooltip timing', () => {
  test('hover opens after 700 ms, not before; leaving first cancels it', () => {
    const timers = fakeTimers();
    const seen: boolean[] = [];
    const t = tooltipTiming((open) => seen.push(open), timers);
    expect(TOOLTIP_DELAY_MS).toBe(700);
    t.hover();
    timers.advance(699);
    expect(seen).toEqual([]);
    timers.advance(1);
    expect(seen).toEqual([true]);
    t.hide();
    t.hover();
    timers.advance(500);
    t.hide();
    timers.advance(1000);
    expect(seen).toEqual([true, false]);
  });

  test('keyboard focus opens at once; Escape (hide) closes; a pending hover does not reopen it', () => {
    const timers = fakeTimers();
    const seen: boolean[] = [];
    const t = tooltipTiming((open) => seen.push(open), timers);
    t.focus();
    expect(seen).toEqual([true]);
    t.hide();
    expect(seen).toEqual([true, false]);
    t.hover();
    t.hide();
    timers.advance(TOOLTIP_DELAY_MS * 2);
    expect(seen).toEqual([true, false]);
  });
});

describe('<Tooltip>', () => {
  test('the trigger is described by a hidden role=tooltip element holding the text', () => {
    const html = renderToStaticMarkup(
      <Tooltip content="Full name: Jane Cooper">
        <button type="button">JC</button>
      </Tooltip>,
    );
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeString();
    expect(html).toContain(`id="${describedBy}" role="tooltip"`);
    expect(html).toMatch(/role="tooltip"[^>]*hidden=""[^>]*>Full name: Jane Cooper<\/span>/);
  });

  test('no text, no tooltip: the child is rendered alone', () => {
    expect(
      renderToStaticMarkup(
        <Tooltip content={undefined}>
          <span>x</span>
        </Tooltip>,
      ),
    ).toBe('<span>x</span>');
  });
});
