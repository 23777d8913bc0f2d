import { useMemo } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { DATE_LOCALES } from './languages';

/** Formatters bound to the current language's locale. */
export function useFormat() {
  const { locale } = useI18nContext();
  const tag = DATE_LOCALES[locale] ?? 'en-US';
  return useMemo(
    () => ({
      tag,
      date: (value: string | Date) => new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(value)),
      money: (amount: number, currency = 'USD') =>
        new Intl.NumberFormat(tag, { style: 'currency', currency, maximumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount),
      number: (n: number) => new Intl.NumberFormat(tag).format(n),
      bytes: (bytes: number) => formatBytes(bytes, tag),
    }),
    [tag],
  );
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 1024-based sizes with the locale's unit names (50 GB, 50 Go, …). */
export function formatBytes(bytes: number, tag = 'en-US'): string {
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < BYTE_UNITS.length - 1) {
    value /= 1024;
    i++;
  }
  if (i === 0) {
    // Plain bytes: the narrow symbol (B, o) reads better than "byte"; always spaced like the others.
    const parts = new Intl.NumberFormat(tag, { style: 'unit', unit: 'byte', unitDisplay: 'narrow' }).formatToParts(value);
    const unit = parts.find((p) => p.type === 'unit')?.value ?? 'B';
    return `${new Intl.NumberFormat(tag).format(value)} ${unit}`;
  }
  return new Intl.NumberFormat(tag, { style: 'unit', unit: BYTE_UNITS[i], unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}
