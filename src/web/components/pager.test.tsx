import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { Pager } from './pager';

const step = (label: string, disabled: boolean, testId?: string) => ({ label, disabled, onClick: () => {}, testId });

describe('Pager', () => {
  test('the summary on the left; the arrows joined, named by their labels, off where they cannot go', () => {
    const out = renderToStaticMarkup(
      <Pager
        summary={<span data-testid="range">1–25 of 60</span>}
        previous={step('Previous', true, 'prev')}
        next={step('Next', false, 'next')}
        testId="pager"
      />,
    );
    expect(out).toContain('<span data-testid="range">1–25 of 60</span><div class="join" data-testid="pager">');
    const buttons = out.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toContain('aria-label="Previous"');
    expect(buttons[0]).toContain('disabled=""');
    expect(buttons[0]).toContain('data-testid="prev"');
    expect(buttons[1]).toContain('aria-label="Next"');
    expect(buttons[1]).not.toContain('disabled');
    expect(out).not.toContain('no-animation');
  });

  test('the current page, when given, sits between the arrows and is not a button', () => {
    const out = renderToStaticMarkup(
      <Pager summary={null} previous={step('Previous', false)} next={step('Next', true)} current={{ label: 'Page 2 of 3', testId: 'page' }} />,
    );
    expect(out).toMatch(
      /aria-label="Previous".*<span class="[^"]*pointer-events-none[^"]*" data-testid="page">Page 2 of 3<\/span><button[^>]*aria-label="Next"/,
    );
  });
});
