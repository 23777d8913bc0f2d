import { describe, expect, test } from 'bun:test';
import { StepHeader, StepQuerySection, StepQueryStatus } from './step-parts';
import { fakeQuery as query, html } from '@/web/components/fixtures/render';

describe('StepHeader', () => {
  test('the step title as h2, its hint, extra lines and the action', () => {
    const out = html(
      <StepHeader title="Choose an avatar" hint="Pick one." action={<button type="button">Upload</button>}>
        <p>now</p>
      </StepHeader>,
    );
    expect(out).toContain('<h2 class="text-xl font-semibold">Choose an avatar</h2>');
    expect(out).toContain('Pick one.</p><p>now</p></div><button type="button">Upload</button></header>');
  });
});

describe('StepQueryStatus', () => {
  test('a spinner while loading, nothing once loaded', () => {
    expect(html(<StepQueryStatus query={query({ isPending: true })} errorText="Voices failed" />)).toContain('loading-spinner');
    expect(html(<StepQueryStatus query={query({})} errorText="Voices failed" />)).toBe('');
  });

  test('a failure: the step words, the error and Try again', () => {
    const out = html(<StepQueryStatus query={query({ isError: true, error: new Error('offline') })} errorText="Voices failed" />);
    expect(out).toContain('Voices failed');
    expect(out).toContain('offline');
    expect(out).toContain('Try again');
  });
});

test('StepQuerySection: a section labelled by its h3, the status, then the list', () => {
  const out = html(
    <StepQuerySection id="voices-title" title="Voice" query={query({ isPending: true })} errorText="Voices failed">
      <ul data-testid="voices" />
    </StepQuerySection>,
  );
  expect(out).toStartWith('<section aria-labelledby="voices-title"><h3 id="voices-title" class="mb-3 font-semibold">Voice</h3>');
  expect(out).toContain('loading-spinner');
  expect(out).toEndWith('<ul data-testid="voices"></ul></section>');
});
