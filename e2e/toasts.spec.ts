import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

test('a toast raised inside a modal dialog is shown above it, clear of the dialog buttons', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/avatar-library');
  await page
    .getByRole('button', { name: /Upload Custom/i })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').first().press('Enter');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('No file selected');
  // A modal dialog lives in the browser's top layer; the toast region joins it (a popover) after the
  // dialog, so it is painted above. (Hit-testing skips it: a modal makes everything outside it inert.)
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  expect(await region.evaluate((el) => el.matches(':popover-open'))).toBe(true);
  const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
  const box = await toast.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(cancel!.y);
});
