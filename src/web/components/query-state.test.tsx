import { describe, expect, test } from 'bun:test';
import { Inbox } from 'lucide-react';
import { EmptyState, ErrorState, LoadingRows, QueryState } from './query-state';
import { fakeQuery as query, html } from './fixtures/render';

// Rendered to markup with React's own server renderer: the states are pure functions of the query.

const screen = (q: ReturnType<typeof query>, empty = false) =>
  html(
    <QueryState
      query={q}
      empty={empty}
      loading={<LoadingRows testId="x-loading" />}
      error={{ message: 'Failed to fetch things', detail: 'Network down', testId: 'x-error' }}
      emptyState={<EmptyState icon={Inbox} title="Nothing yet" text="Add the first one." testId="x-empty" />}
    >
      <ul data-testid="x-list" />
    </QueryState>,
  );

describe('QueryState', () => {
  test('a first load shows the skeleton only', () => {
    const out = screen(query({ isPending: true }));
    expect(out).toContain('data-testid="x-loading"');
    expect(out.match(/class="skeleton h-20"/g)?.length).toBe(3);
    expect(out).not.toContain('x-list');
  });

  test('a failed load with nothing to show: the message, the error text and Try again (in the chosen language)', () => {
    const out = screen(query({ isError: true }));
    expect(out).toContain('role="alert"');
    expect(out).toContain('Failed to fetch things');
    expect(out).toContain('Network down');
    expect(out).toContain('>Try again</button>');
    expect(out).not.toContain('x-list');
    expect(html(<ErrorState message="Échec" onRetry={() => {}} />, 'fr')).not.toContain('Try again');
  });

  test('a failed refresh keeps the data on screen', () => {
    const out = screen(query({ isError: true, data: [1] }));
    expect(out).toContain('x-list');
    expect(out).not.toContain('x-error');
  });

  test('loaded and empty: the empty state; loaded with rows: the content', () => {
    const empty = screen(query({ data: [] }), true);
    expect(empty).toContain('data-testid="x-empty"');
    expect(empty).toContain('Nothing yet');
    expect(empty).toContain('Add the first one.');
    expect(empty).not.toContain('x-list');
    expect(screen(query({ data: [1] }))).toContain('data-testid="x-list"');
  });

  test('a compact error for a panel: smaller alert and button, same message and Try again', () => {
    const out = html(<ErrorState message="Failed to fetch lists" detail="boom" onRetry={() => {}} compact testId="lists-error" />);
    expect(out).toContain('alert-soft flex flex-wrap py-2 text-sm');
    expect(out).toContain('class="btn btn-xs"');
    expect(out).toContain('Failed to fetch lists');
    expect(out).toContain('>Try again</button>');
    expect(html(<ErrorState message="x" onRetry={() => {}} />)).toContain('class="btn btn-sm"');
  });
});
