import { describe, expect, test } from 'bun:test';
import { Users } from 'lucide-react';
import type { ComponentProps } from 'react';
import { PageHeader } from './page-header';
import { Panel } from './panel';
import { EmptyState, NoMatch } from './query-state';
import { SandboxBadge, SandboxInboxLink } from './social/platform-icon';
import { LoadingBlock } from './spinner';
import { html } from './fixtures/render';

// The screen frames of decision 175, rendered to markup with React's server renderer.

describe('Panel', () => {
  const panel = (props: Omit<ComponentProps<typeof Panel>, 'children'>) => html(<Panel {...props}>{'body'}</Panel>);

  test('a bordered card section with its heading and body', () => {
    const out = panel({ title: 'Recipients', testId: 'p' });
    expect(out).toStartWith('<section class="card border border-base-300 bg-base-100" data-testid="p">');
    expect(out).toContain('<div class="card-body gap-3 p-5"><h2 class="card-title text-base">Recipients</h2>body</div>');
    // Without hint or action the heading stands alone, no header row.
    expect(out).not.toContain('justify-between');
  });

  test('hint and action share a wrapping header row; large drops the small title size', () => {
    const out = panel({ title: 'Videos', hint: 'All of them', action: <i>Add</i>, large: true });
    expect(out).toContain('flex flex-wrap items-start justify-between gap-3');
    expect(out).toContain('<h2 class="card-title">Videos</h2><p class="text-sm text-base-content/70">All of them</p></div><i>Add</i>');
  });

  test('a dense side panel labelled by its h3 with an icon', () => {
    const out = panel({ title: 'My contacts', icon: Users, titleId: 'my-contacts', level: 3, dense: true });
    expect(out).toContain('aria-labelledby="my-contacts"');
    expect(out).toContain('<h3 id="my-contacts" class="card-title text-base"><svg');
    expect(out).toContain('size-5 text-primary');
    expect(out).toContain('class="card-body gap-3 p-4"');
  });
});

describe('EmptyState compact, NoMatch, LoadingBlock', () => {
  test('compact: a muted icon and a plain title line, no h2', () => {
    const out = html(<EmptyState compact icon={Users} title="No videos" text="Add one." testId="e" />);
    expect(out).toContain('data-testid="e"');
    expect(out).toContain('text-base-content/40');
    expect(out).toContain('<p class="font-medium">No videos</p>');
    expect(out).not.toContain('<h2');
    expect(out).not.toContain('rounded-full');
  });

  test('NoMatch: the sentence and a button that clears', () => {
    const out = html(<NoMatch text="Nothing matches." clearLabel="Clear filters" onClear={() => {}} testId="n" />);
    expect(out).toContain('data-testid="n"');
    expect(out).toContain('Nothing matches.');
    expect(out).toContain('<button type="button" class="btn btn-sm">Clear filters</button>');
  });

  test('LoadingBlock: the large spinner centred, room from the caller', () => {
    expect(html(<LoadingBlock />)).toContain(
      '<div class="flex justify-center py-10"><span class="loading loading-spinner loading-lg text-primary" role="status"',
    );
    expect(html(<LoadingBlock className="py-16" />)).toContain('class="flex justify-center py-16"');
  });
});

describe('PageHeader actions', () => {
  test('refresh comes first in the actions row, then the actions', () => {
    const out = html(
      <PageHeader title="Clips" refresh={{ onClick: () => {}, spinning: true, label: 'Refresh', testId: 'r' }} actions={<a href="/new">New</a>} />,
    );
    expect(out).toContain('<div class="flex flex-wrap items-center gap-2"><button type="button" class="btn btn-outline"');
    expect(out).toContain('data-testid="r"');
    expect(out).toContain('animate-spin');
    expect(out.indexOf('data-testid="r"')).toBeLessThan(out.indexOf('>New</a>'));
  });

  test('no actions, no row', () => {
    expect(html(<PageHeader title="Help" actions={false} />)).not.toContain('gap-2');
  });
});

test('the sandbox badge opens the sandbox inbox in a new tab', () => {
  const out = html(<SandboxBadge />);
  expect(out).toContain('href="/sandbox/inbox"');
  expect(out).toContain('target="_blank"');
});

test('SandboxInboxLink opens the sandbox inbox in a new tab', () => {
  const out = html(<SandboxInboxLink />);
  expect(out).toContain('href="/sandbox/inbox"');
  expect(out).toContain('target="_blank"');
  expect(out).toContain('rel="noopener"');
});
