import { expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { LanguageOptions } from './language-select';

test('LanguageOptions: one option per accepted language, its code as the value, its own name as the text', () => {
  const out = renderToStaticMarkup(
    <select value="fr" onChange={() => {}}>
      <LanguageOptions />
    </select>,
  );
  expect(out.match(/<option /g)?.length).toBe(6);
  expect(out).toContain('<option value="en">English</option>');
  expect(out).toContain('<option value="fr" selected="">Français</option>');
  expect(out).toContain('<option value="pt">Português</option>');
});
