import { expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { FilterSelect } from './filter-select';

const colours = ['red', 'blue'] as const;

test('a select named by its label, one option per value in the screen words, the value chosen', () => {
  const out = renderToStaticMarkup(
    <FilterSelect value="blue" onChange={() => {}} options={colours} optionLabel={(c) => c.toUpperCase()} label="Colour" className="w-44" testId="f" />,
  );
  expect(out).toStartWith('<select class="select w-44" aria-label="Colour" data-testid="f">');
  expect(out).toContain('<option value="red">RED</option><option value="blue" selected="">BLUE</option>');
  expect(out).not.toContain('value=""');
});

test('with allLabel, a first option for no filter, chosen when the value is undefined', () => {
  const out = renderToStaticMarkup(
    <FilterSelect value={undefined} onChange={() => {}} options={colours} optionLabel={(c) => c} label="Colour" allLabel="All colours" />,
  );
  expect(out).toContain('<option value="" selected="">All colours</option><option value="red">red</option>');
});
