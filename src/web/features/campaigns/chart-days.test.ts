import { describe, expect, test } from 'bun:test';
import { chartDays } from './analytics-tab';

const row = (date: string, views: number) => ({ date, views, uniqueViewers: views, ctaClicks: 0 });

describe('chartDays', () => {
  test('one day of data becomes a week ending today, the other days at zero', () => {
    const out = chartDays([row('2026-03-10', 4)], '2026-03-12');
    expect(out.map((d) => [d.date, d.views])).toEqual([
      ['2026-03-06', 0],
      ['2026-03-07', 0],
      ['2026-03-08', 0],
      ['2026-03-09', 0],
      ['2026-03-10', 4],
      ['2026-03-11', 0],
      ['2026-03-12', 0],
    ]);
  });
  test('a longer series is kept whole and runs on to today', () => {
    const days = Array.from({ length: 10 }, (_, i) => row(`2026-01-${String(i + 1).padStart(2, '0')}`, i));
    const out = chartDays(days, '2026-01-12');
    expect(out).toHaveLength(12);
    expect(out[0]).toEqual(days[0]);
    expect(out[9]).toEqual(days[9]);
    expect(out[11]).toEqual(row('2026-01-12', 0));
  });
  test('never more than a year', () => {
    expect(chartDays([row('2020-01-01', 1)], '2026-01-01')).toHaveLength(366);
  });
});
