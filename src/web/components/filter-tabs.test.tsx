import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { FilterTabs, tabAfterKey } from './filter-tabs';

// Rendered to markup with React's own server renderer, like the other shared pieces; the keyboard is a pure function.
const STATUSES = ['all', 'draft', 'active', 'archived'] as const;
type Status = (typeof STATUSES)[number];
const row = (props: Partial<Parameters<typeof FilterTabs<Status>>[0]> = {}) =>
  renderToStaticMarkup(
    <FilterTabs<Status>
      options={STATUSES}
      value="active"
      onChange={() => {}}
      label={(s, selected) => (selected ? `[${s}]` : s)}
      ariaLabel="Filter by status"
      testId={(s) => `status-${s}`}
      {...props}
    />,
  );
const tabs = (html: string) => [...html.matchAll(/<button[^>]*>[^<]*<\/button>/g)].map((m) => m[0]);

describe('FilterTabs', () => {
  test('one labelled tablist with a tab per option, in order, each with its test id and label', () => {
    const out = row();
    expect(out.match(/role="tablist"/g)?.length).toBe(1);
    expect(out).toContain('aria-label="Filter by status"');
    expect(out).toContain('class="tabs tabs-box ');
    const all = tabs(out);
    expect(all.length).toBe(4);
    expect(all.map((t) => /data-testid="([^"]+)"/.exec(t)?.[1])).toEqual(['status-all', 'status-draft', 'status-active', 'status-archived']);
    for (const t of all) expect(t).toContain('role="tab"');
  });

  test('only the selected tab is selected, active, reachable by Tab, and told it is selected', () => {
    const [all, draft, active] = tabs(row());
    expect(active).toContain('aria-selected="true"');
    expect(active).toContain('tab-active');
    expect(active).toContain('tabindex="0"');
    expect(active).toContain('>[active]<');
    for (const t of [all!, draft!]) {
      expect(t).toContain('aria-selected="false"');
      expect(t).not.toContain('tab-active');
      expect(t).toContain('tabindex="-1"');
    }
  });

  test('the border variant, the row layout and disabled tabs', () => {
    const out = row({ variant: 'border', className: 'mb-6 grid-cols-4', isDisabled: (s) => s === 'archived' });
    expect(out).toContain('class="tabs tabs-border mb-6 grid-cols-4"');
    const [, , , archived] = tabs(out);
    expect(archived).toContain('disabled=""');
    expect(tabs(out).filter((t) => t.includes('disabled')).length).toBe(1);
  });

  test('arrow keys step and wrap, Home and End jump, other keys do nothing', () => {
    expect(tabAfterKey(STATUSES, 'draft', 'ArrowRight')).toBe('active');
    expect(tabAfterKey(STATUSES, 'archived', 'ArrowRight')).toBe('all');
    expect(tabAfterKey(STATUSES, 'all', 'ArrowLeft')).toBe('archived');
    expect(tabAfterKey(STATUSES, 'draft', 'ArrowDown')).toBe('active');
    expect(tabAfterKey(STATUSES, 'draft', 'ArrowUp')).toBe('all');
    expect(tabAfterKey(STATUSES, 'active', 'Home')).toBe('all');
    expect(tabAfterKey(STATUSES, 'draft', 'End')).toBe('archived');
    expect(tabAfterKey(STATUSES, 'draft', 'Enter')).toBeNull();
    expect(tabAfterKey(STATUSES, 'draft', 'a')).toBeNull();
  });

  test('the keyboard skips disabled tabs (a wizard step not reached yet)', () => {
    const notReached = (s: Status) => s === 'active' || s === 'archived';
    expect(tabAfterKey(STATUSES, 'draft', 'ArrowRight', notReached)).toBe('all');
    expect(tabAfterKey(STATUSES, 'all', 'End', notReached)).toBe('draft');
    expect(tabAfterKey(STATUSES, 'all', 'ArrowRight', () => true)).toBeNull();
  });
});
