import { expect, test } from 'bun:test';
import de from '../../../locales/de';
import en from '../../../locales/en';
import es from '../../../locales/es';
import fr from '../../../locales/fr';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

test('de falls back to English key by key, not section by section', () => {
  expect(de.nav.settings).toBe('Einstellungen');
  expect(de.nav.helpCardTitle).toBe(en.nav.helpCardTitle);
  expect(keys(de).sort()).toEqual(keys(en).sort());
});

test('fr and es have every English key, and no empty text', () => {
  for (const table of [fr, es]) {
    expect(keys(table).sort()).toEqual(keys(en).sort());
    for (const k of keys(table)) expect(k.split('.').reduce<any>((o, p) => o[p], table)).not.toBe('');
  }
});
