import { expect, test } from 'bun:test';
import enBoot from '../../../locales/en';
import { loadedLocales, namespaces } from '../../../locales/i18n-util';
import { loadAllLocales } from '../../../locales/i18n-util.sync';

// The whole dictionary of each language: the boot part and every screen's namespace.
loadAllLocales();
const { de, en, es, fr } = loadedLocales;

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

test('the boot part holds only the public pages and the shell; every screen has its namespace in every language', () => {
  const boot = Object.keys(enBoot);
  for (const ns of namespaces) expect(boot).not.toContain(ns);
  expect(boot).toEqual(expect.arrayContaining(['common', 'nav', 'landing', 'pricing', 'auth', 'validation']));
  for (const table of [de, en, es, fr]) for (const ns of namespaces) expect(Object.keys(table[ns]).length).toBeGreaterThan(0);
});
