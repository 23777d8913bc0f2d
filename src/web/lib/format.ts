import { useI18nContext } from '@locales/i18n-react';
import { DATE_LOCALES } from './languages';

/** Formatters bound to the current language's locale. */
export function useFormat() {
  const { locale } = useI18nContext();
  const tag = DATE_LOCALES[locale] ?? 'en-US';
  return {
    tag,
    date: (value: string | Date) =>
      new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(value)),
    money: (amount: number, currency = 'USD') =>
      new Intl.NumberFormat(tag, { style: 'currency', currency, maximumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount),
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
    bytes: (bytes: number) => formatBytes(bytes, tag),
  };
}

export function formatBytes(bytes: number, tag = 'en-US'): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(tag, { maximumFractionDigits: value < 10 && i > 0 ? 1 : 0 }).format(value)} ${units[i]}`;
}
