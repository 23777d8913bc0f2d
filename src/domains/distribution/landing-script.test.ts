import { describe, expect, test } from 'bun:test';
import { trackingScript } from './landing-script';

type Beacon = { token: string; page: string; event: string; percent?: number };

/** Runs the page's script against a stand-in player and records what it would post. */
function runScript() {
  const sent: Beacon[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  const player = {
    duration: 40,
    currentTime: 0,
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] ??= [];
      listeners[type].push(fn);
    },
  };
  const cta = {
    addEventListener: (type: string, fn: () => void) => {
      listeners[`cta:${type}`] ??= [];
      listeners[`cta:${type}`].push(fn);
    },
  };
  const document = { getElementById: (id: string) => (id === 'v' ? player : id === 'cta' ? cta : null) };
  const navigator = {
    sendBeacon: (url: string, body: string) => {
      expect(url).toBe('/api/track');
      sent.push(JSON.parse(body));
      return true;
    },
  };
  new Function('document', 'navigator', 'fetch', trackingScript('tok123', 'page-load-token.of.this.page'))(document, navigator, () => Promise.resolve());
  const fire = (type: string) => {
    for (const fn of listeners[type] ?? []) fn();
  };
  const at = (seconds: number) => {
    player.currentTime = seconds;
    fire('timeupdate');
  };
  return { sent, fire, at };
}

describe('the landing page tracking script', () => {
  test('open on load; view on play; each new 5 % mark once; only the highest mark when jumping; 100 at the end; cta', () => {
    const s = runScript();
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]).toEqual({ token: 'tok123', page: 'page-load-token.of.this.page', event: 'open' });

    s.fire('play');
    s.fire('play');
    for (const t of [0.5, 1, 1.9, 2, 2.1, 3.9, 4, 4, 6]) s.at(t); // 40 s video: 2 s = 5 %, 4 s = 10 %, 6 s = 15 %
    s.at(23); // a seek to 57.5 %: 55 only, not every mark on the way
    s.at(10); // back to 25 %: nothing new
    s.at(39.9); // 99.75 %: the end
    s.fire('ended');
    s.fire('cta:click');

    const progress = s.sent.filter((b) => b.event === 'progress').map((b) => b.percent);
    expect(progress).toEqual([5, 10, 15, 55, 100]);
    expect(s.sent.map((b) => b.event)).toEqual(['open', 'view', 'progress', 'progress', 'progress', 'progress', 'progress', 'cta']);
    // The page token the server issued with the page, on every beacon: it is the view.
    expect(new Set(s.sent.map((b) => b.page))).toEqual(new Set(['page-load-token.of.this.page']));
  });

  test('a progress before any play reports the view first', () => {
    const s = runScript();
    s.at(10); // duration 40: 25 %
    expect(s.sent.map((b) => `${b.event}${b.percent ?? ''}`)).toEqual(['open', 'view', 'progress25']);
  });

  test('stays small (the page has no bundle)', () => {
    expect(trackingScript('a'.repeat(32), 'b'.repeat(130)).length).toBeLessThan(1500);
  });
});
