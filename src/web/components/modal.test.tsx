import { expect, test } from 'bun:test';
import { DialogActions, Modal } from './modal';
import { PageHeader } from './page-header';
import { html } from './fixtures/render';

test('the modal is a labelled <dialog> whose content mounts only while open', () => {
  const closed = html(
    <Modal open={false} title="Share video" subtitle="Copy the link" onClose={() => {}} testId="share">
      <p>secret body</p>
    </Modal>,
  );
  const id = /aria-labelledby="([^"]+)"/.exec(closed)?.[1];
  expect(closed).toContain(`<h3 id="${id}"`);
  expect(closed).toContain('Share video');
  expect(closed).toContain('Copy the link');
  expect(closed).toContain('aria-label="Close"');
  expect(closed).not.toContain('secret body');
  const open = html(
    <Modal open title="Share video" onClose={() => {}}>
      <p>secret body</p>
    </Modal>,
  );
  expect(open).toContain('secret body');
});

test('the page header: one h1, the subtitle and the actions', () => {
  const out = html(<PageHeader title="My clips" subtitle="All your clips" actions={<button type="button">New</button>} />);
  expect(out.match(/<h1/g)?.length).toBe(1);
  expect(out).toContain('All your clips');
  expect(out).toContain('>New</button>');
});

test('dialog actions: Cancel first (ghost, off while the action runs, its own words if given), then the action', () => {
  const out = html(
    <DialogActions onCancel={() => {}} cancelDisabled>
      <button type="submit">Save</button>
    </DialogActions>,
  );
  expect(out).toStartWith('<div class="modal-action"><button type="button" class="btn btn-ghost" disabled="">Cancel</button>');
  expect(out).toEndWith('<button type="submit">Save</button></div>');
  const back = html(
    <DialogActions onCancel={() => {}} cancelLabel="Back">
      <i />
    </DialogActions>,
  );
  expect(back).toContain('>Back</button>');
});
