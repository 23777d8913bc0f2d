import { describe, expect, test } from 'bun:test';
import { CircleCheck } from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LabelledField } from './form-field';
import { Notice } from './notice';
import { PendingButton } from './pending-button';
import { RefreshButton } from './refresh-button';
import { SearchInput, SearchRow } from './search-input';
import { Tooltip } from './tooltip';

// The small shared pieces (decision 175), rendered to markup with React's server renderer.
const html = renderToStaticMarkup;

describe('PendingButton', () => {
  test('idle: its icon and label, enabled, a submit button in the primary look', () => {
    const out = html(
      <PendingButton pending={false} icon={<i data-icon />} pendingLabel="Saving…" testId="save">
        Save
      </PendingButton>,
    );
    expect(out).toStartWith('<button type="submit" class="btn btn-primary"');
    expect(out).not.toContain('disabled');
    expect(out).toContain('data-icon');
    expect(out).toContain('Save</button>');
    expect(out).not.toContain('loading-spinner');
  });

  test('pending: off, a spinner in place of the icon, the working label', () => {
    const out = html(
      <PendingButton pending icon={<i data-icon />} pendingLabel="Saving…">
        Save
      </PendingButton>,
    );
    expect(out).toContain('disabled=""');
    expect(out).toContain('loading loading-spinner');
    expect(out).not.toContain('data-icon');
    expect(out).toContain('Saving…</button>');
    // Without a working label the label stays.
    expect(html(<PendingButton pending>Save</PendingButton>)).toContain('Save</button>');
  });

  test('disabled for its own reason, type and look from the caller', () => {
    const out = html(
      <PendingButton pending={false} disabled type="button" className="btn-outline btn-error">
        Disable
      </PendingButton>,
    );
    expect(out).toStartWith('<button type="button" class="btn btn-outline btn-error" disabled=""');
  });
});

describe('SearchInput', () => {
  test('a labelled search box whose placeholder defaults to the label, length capped', () => {
    const out = html(<SearchInput value="ada" onChange={() => {}} label="Search avatars" testId="s" />);
    expect(out).toContain('type="search"');
    expect(out).toContain('aria-label="Search avatars"');
    expect(out).toContain('placeholder="Search avatars"');
    expect(out).toContain('maxLength="200"');
    expect(out).toContain('value="ada"');
    expect(out).toContain('class="input w-full"');
    expect(html(<SearchInput value="" onChange={() => {}} label="Search" placeholder="Name or e-mail" maxLength={100} />)).toContain(
      'placeholder="Name or e-mail"',
    );
  });

  test('SearchRow: the box takes the room beside its filters, side by side from the breakpoint asked', () => {
    const out = html(
      <SearchRow value="" onChange={() => {}} label="Search videos" testId="s" className="mb-6">
        <select data-filter />
      </SearchRow>,
    );
    expect(out).toStartWith('<div class="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center"><label class="input w-full sm:flex-1">');
    expect(out).toContain('aria-label="Search videos"');
    expect(out).toContain('data-testid="s"');
    expect(out).toEndWith('</label><select data-filter="true"></select></div>');
    const md = html(<SearchRow value="" onChange={() => {}} label="Search" wideFrom="md" />);
    expect(md).toStartWith('<div class="flex flex-col gap-3 md:flex-row md:items-center"><label class="input w-full md:flex-1">');
  });
});

describe('LabelledField', () => {
  test('the label points at the control, given an id or handing one out', () => {
    const given = html(
      <LabelledField label="Tone" htmlFor="tone">
        <select id="tone" />
      </LabelledField>,
    );
    expect(given).toContain('for="tone"');
    const handed = html(<LabelledField label="File">{(id) => <input id={id} type="file" />}</LabelledField>);
    const id = /for="([^"]+)"/.exec(handed)?.[1];
    expect(id).toBeTruthy();
    expect(handed).toContain(`<input id="${id}" type="file"/>`);
  });

  test('an error is said under the control as an alert', () => {
    const out = html(
      <LabelledField label="End date" error="End date cannot be before start date">
        {(id) => <input id={id} />}
      </LabelledField>,
    );
    expect(out).toContain('role="alert"');
    expect(out).toContain('data-testid="field-error"');
    expect(out).toContain('End date cannot be before start date');
    expect(html(<LabelledField label="x">{(id) => <input id={id} />}</LabelledField>)).not.toContain('role="alert"');
  });
});

describe('RefreshButton', () => {
  test('the arrows turn and the button waits while reloading', () => {
    const busy = html(<RefreshButton onClick={() => {}} spinning label="Refresh" testId="r" />);
    expect(busy).toContain('animate-spin');
    expect(busy).toContain('disabled=""');
    const idle = html(<RefreshButton onClick={() => {}} spinning={false} label="Refresh" />);
    expect(idle).not.toContain('animate-spin');
    expect(idle).not.toContain('disabled');
  });

  test('compact on mobile: the label shows from sm up and stays the accessible name', () => {
    const out = html(<RefreshButton onClick={() => {}} spinning={false} label="Refresh" compactOnMobile />);
    expect(out).toContain('aria-label="Refresh"');
    expect(out).toContain('<span class="hidden sm:inline">Refresh</span>');
  });

  test('inside a Tooltip the button is its trigger: described by the tooltip', () => {
    const out = html(
      <Tooltip content="Reload the list">
        <RefreshButton onClick={() => {}} spinning={false} label="Refresh" testId="r" />
      </Tooltip>,
    );
    const described = /<button[^>]*aria-describedby="([^"]+)"/.exec(out)?.[1];
    expect(described).toBeTruthy();
    expect(out).toContain(`id="${described}"`);
  });
});

describe('Notice', () => {
  test('good news is a status, a failure an alert; title, details and the next step', () => {
    const ok = html(
      <Notice tone="success" icon={CircleCheck} title="Your video is ready" action={<a href="/my-videos">Open</a>} testId="n">
        <p>In 12 s</p>
      </Notice>,
    );
    expect(ok).toContain('role="status"');
    expect(ok).toContain('alert-success');
    expect(ok).toContain('<p class="font-semibold">Your video is ready</p>');
    expect(ok).toContain('In 12 s');
    expect(ok).toContain('href="/my-videos"');
    expect(html(<Notice tone="error" icon={CircleCheck} title="Failed" />)).toContain('role="alert"');
    expect(html(<Notice tone="warning" icon={CircleCheck} title="Slow" />)).toContain('role="alert"');
  });
});
