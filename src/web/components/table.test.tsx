import { expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { shownFrom, Table } from './table';

test('one header row of the given words in a sideways-scrolling box', () => {
  const out = renderToStaticMarkup(
    <Table columns={['Name', 'Phone']} className="table-sm" testId="t">
      <tr />
    </Table>,
  );
  expect(out).toBe(
    '<div class="overflow-x-auto"><table class="table table-sm" data-testid="t"><thead><tr><th>Name</th><th>Phone</th></tr></thead><tbody><tr></tr></tbody></table></div>',
  );
});

test('figure columns are right-aligned from figuresFrom on, the body in tabular digits; the box is the caller’s', () => {
  const out = renderToStaticMarkup(
    <Table columns={['Platform', 'Views', 'CTR']} figuresFrom={1} box="max-h-96 overflow-auto">
      {null}
    </Table>,
  );
  expect(out).toStartWith('<div class="max-h-96 overflow-auto"><table class="table">');
  expect(out).toContain('<th>Platform</th><th class="text-right">Views</th><th class="text-right">CTR</th>');
  expect(out).toContain('<tbody class="tabular-nums"></tbody>');
});

test('a column given as { right } is right-aligned alone; an empty word heads an actions column', () => {
  const out = renderToStaticMarkup(
    <Table columns={['Invoice', { label: 'Amount', right: true }, 'Status', '']}>
      <tr />
    </Table>,
  );
  expect(out).toContain('<thead><tr><th>Invoice</th><th class="text-right">Amount</th><th>Status</th><th></th></tr></thead><tbody><tr></tr></tbody>');
});

test('a column shown from a width hides its header below it; its cells take the same classes', () => {
  const out = renderToStaticMarkup(
    <Table columns={['Name', { label: 'E-mail', from: 'sm' }, { label: 'Joined', from: 'md' }]}>
      <tr>
        <td className={shownFrom('sm')} />
      </tr>
    </Table>,
  );
  expect(out).toContain('<th>Name</th><th class="hidden sm:table-cell">E-mail</th><th class="hidden md:table-cell">Joined</th>');
  expect(out).toContain('<td class="hidden sm:table-cell"></td>');
});
