import { describe, expect, test } from 'bun:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';
import { AvatarGenderField } from './avatar-gender-field';
import { LabelledSelect } from './labelled-select';

loadLocale('en');
loadLocale('fr');
const html = (node: ReactNode, locale: 'en' | 'fr' = 'en') => renderToStaticMarkup(<TypesafeI18n locale={locale}>{node}</TypesafeI18n>);

describe('AvatarGenderField', () => {
  test('a labelled select of the two genders, in the user language, showing the chosen one', () => {
    const out = html(<AvatarGenderField label="Genre" value="female" onChange={() => {}} testId="g" />, 'fr');
    const id = /<select id="([^"]+)"/.exec(out)?.[1];
    expect(id).toBeTruthy();
    expect(out).toContain(`for="${id}"`);
    expect(out).toContain('Genre');
    expect(out).toContain('data-testid="g"');
    expect(out).toContain('<option value="male">Homme</option>');
    expect(out).toContain('<option value="female" selected="">Femme</option>');
    expect(out).not.toContain('disabled');
  });

  test('off while the dialog works', () => {
    expect(html(<AvatarGenderField label="Gender" value="male" onChange={() => {}} disabled />)).toContain('disabled=""');
  });
});

describe('LabelledSelect', () => {
  test('one option per choice in the order given, each in the words given, the value chosen', () => {
    const out = renderToStaticMarkup(
      <LabelledSelect label="Tone" options={['calm', 'bold'] as const} optionLabel={(t) => t.toUpperCase()} value="bold" onChange={() => {}} testId="t" />,
    );
    expect(out).toMatch(/<option value="calm">CALM<\/option><option value="bold" selected="">BOLD<\/option>/);
    expect(out).toContain('data-testid="t"');
  });
});
