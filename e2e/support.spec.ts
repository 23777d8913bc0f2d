import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

test('Help → Contact support: checked as typed, stored, e-mailed to support with Reply-To the user, a reference shown', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.goto('/help');
  const form = page.getByTestId('contact-support');
  // The 24/7 promise leads to the form.
  await page.getByTestId('contact-support-link').click();
  await expect(page).toHaveURL(/#contact-title$/);
  await expect(form).toContainText(`the reply goes to ${user.email}`);

  await form.getByTestId('contact-send').click();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await form.getByTestId('contact-subject').fill('Cannot find my export');
  await form.getByTestId('contact-message').fill('short');
  await form.getByTestId('contact-send').click();
  await expect(form.getByText('Please describe your request in at least 10 characters')).toBeVisible();

  await form.getByTestId('contact-message').fill('The export e-mail never arrived.\nCan you help?');
  await form.getByTestId('contact-send').click();
  await expect(form.getByTestId('contact-sent')).toContainText(`We will reply to ${user.email}`);
  const reference = (await form.getByTestId('contact-reference').textContent())!.trim();
  expect(reference).toMatch(/^SR-[A-Z2-7]{8}$/);

  // Without SMTP and SUPPORT_EMAIL, support's address is MAIL_FROM's: the e-mail lands in the sandbox inbox.
  type Mail = { subject: string; text: string; meta: { replyTo?: string } };
  const mail = async () => {
    const inbox = (await (await page.request.get('/api/sandbox/inbox?channel=email')).json()) as { messages: Mail[] };
    return inbox.messages.find((m) => m.subject === `[${reference}] Cannot find my export`);
  };
  await expect.poll(mail).toBeTruthy();
  const sent = (await mail())!;
  expect(sent.text).toContain('The export e-mail never arrived.');
  expect(sent.meta.replyTo).toBe(user.email);

  // Another request starts from an empty form; in French the form speaks French.
  await form.getByTestId('contact-another').click();
  await expect(form.getByTestId('contact-subject')).toHaveValue('');
  await page.request.patch('/api/settings', { data: { language: 'fr' } });
  await page.reload();
  await page.getByTestId('contact-send').click();
  await expect(page.getByTestId('contact-support')).toContainText('L’objet est obligatoire');
});
