import { useMemo } from 'react';
import { useFormat } from './format';

/**
 * Campaign dates are calendar days (YYYY-MM-DD): they are shown as short month, day and
 * year in the chosen language's locale, read as UTC so that no time zone moves them a day.
 */
export function useCampaignFormat() {
  const f = useFormat();
  return useMemo(() => {
    const dayFmt = new Intl.DateTimeFormat(f.tag, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const shortDayFmt = new Intl.DateTimeFormat(f.tag, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const compact = new Intl.NumberFormat(f.tag, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(f.tag, { style: 'percent', maximumFractionDigits: 1 });
    return {
      ...f,
      day: (d: string) => dayFmt.format(new Date(`${d}T00:00:00Z`)),
      shortDay: (d: string) => shortDayFmt.format(new Date(`${d}T00:00:00Z`)),
      /** Short counts in the locale: 1,234 → "1.2K", 2,500,000 → "2.5M". */
      compact: (n: number) => compact.format(n),
      /** The API sends rates in %: 41.5 → "41.5%" ("41,5 %" in French). */
      percent: (rate: number) => percent.format(rate / 100),
    };
  }, [f]);
}
