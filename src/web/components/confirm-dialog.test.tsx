import { expect, test } from 'bun:test';
import type { ReactElement } from 'react';
import { ConfirmFor } from './confirm-dialog';
import { html } from './fixtures/render';

type Key = { id: string; name: string };
const base = { title: 'Revoke key?', confirmLabel: 'Revoke', tone: 'error' as const, onClose: () => {} };

test('ConfirmFor: nothing while no item is chosen', () => {
  for (const target of [null, undefined]) {
    expect(html(<ConfirmFor<Key> {...base} target={target} onConfirm={() => {}} text={(k) => k.name} />)).toBe('');
  }
});

test('ConfirmFor: the chosen item fills the text, and confirming acts on that item', () => {
  const key = { id: 'k1', name: 'CI key' };
  const out = html(<ConfirmFor {...base} target={key} onConfirm={() => {}} text={(k) => `Revoke ${k.name}?`} />);
  expect(out).toContain('<dialog');
  expect(out).toContain('Revoke key?');
  expect(out).toContain('Revoke CI key?');
  expect(out).toContain('btn-error');
  const acted: Key[] = [];
  const el = ConfirmFor({ ...base, target: key, onConfirm: (k) => acted.push(k), text: (k) => k.name }) as ReactElement<{
    open: boolean;
    onConfirm: () => void;
  }>;
  expect(el.props.open).toBe(true);
  el.props.onConfirm();
  expect(acted).toEqual([key]);
});
