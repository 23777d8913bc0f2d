import { expect, test, type Page } from '@playwright/test';
import { newUser, signUpViaApi, toast } from './helpers';

/** The newest invitation link in the inviter's sandbox inbox (a job sends it). */
async function invitationLink(page: Page): Promise<string> {
  const mail = async () => {
    const inbox = await (await page.request.get('/api/sandbox/inbox?channel=email')).json();
    return (inbox.messages as { subject: string; text: string }[]).find((m) => m.subject.includes('invited you to'));
  };
  await expect.poll(mail).toBeTruthy();
  const text = (await mail())!.text;
  return new URL(text.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)![0]).pathname;
}

test('an owner invites a teammate by e-mail; they sign up, accept and share campaigns until removed', async ({ page, browser }) => {
  // New accounts start on a Pro trial: 10 seats.
  const owner = await signUpViaApi(page);
  const campaign = await (await page.request.post('/api/campaigns', { data: { name: 'Shared launch', platforms: ['email'] } })).json();

  await page.goto('/settings?tab=team');
  await expect(page.getByTestId('team-seats')).toHaveText('1 of 10 seats used');
  await expect(page.getByTestId('team-member-row')).toHaveCount(1);
  const mate = newUser();
  await page.getByTestId('team-invite-email').fill('not-an-email');
  await page.getByTestId('team-invite-send').click();
  await expect(page.getByTestId('team-invite').getByTestId('field-error')).toHaveText('Invalid email address');
  await page.getByTestId('team-invite-email').fill(mate.email);
  await page.getByTestId('team-invite-send').click();
  await expect(toast(page)).toContainText('Invitation sent');
  await expect(page.getByTestId('team-invite-row')).toContainText(mate.email);
  await expect(page.getByTestId('team-seats')).toHaveText('2 of 10 seats used');
  const link = await invitationLink(page);

  // The teammate opens the link signed out, signs up with the invited address and comes back to accept.
  const mateContext = await browser.newContext();
  const matePage = await mateContext.newPage();
  await matePage.goto(link);
  await expect(matePage.getByTestId('invite-text')).toContainText(`${owner.fullName} invited ${mate.email}`);
  await matePage.getByTestId('invite-sign-up').click();
  await expect(matePage).toHaveURL(/\/auth\?/);
  await matePage.getByLabel('Full name').fill('Max Mate');
  await matePage.getByLabel('Email', { exact: true }).fill(mate.email);
  await matePage.getByLabel('Username').fill(mate.username);
  await matePage.getByLabel('Password', { exact: true }).fill(mate.password);
  await matePage.getByRole('button', { name: 'Create account' }).click();
  await expect(matePage).toHaveURL(new RegExp(`${link}$`));
  // Holding the link is no proof of owning the address: the new account confirms it first, with the
  // link e-mailed at sign-up, which the sandbox inbox shows to that account alone.
  await expect(matePage.getByTestId('invite-unverified')).toContainText(`Confirm ${mate.email} first`);
  const confirmation = async () => {
    const inbox = await (await matePage.request.get('/api/sandbox/inbox?channel=email')).json();
    return (inbox.messages as { subject: string; text: string }[]).find((m) => m.subject === 'Confirm your e-mail address');
  };
  await expect.poll(confirmation).toBeTruthy();
  const verify = new URL((await confirmation())!.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0]);
  await matePage.goto(verify.pathname + verify.search);
  await expect(matePage.getByTestId('verify-email-done')).toContainText(`Your e-mail address ${mate.email} is confirmed.`);
  await matePage.goto(link);
  await matePage.getByTestId('invite-accept').click();
  await expect(matePage).toHaveURL(/\/dashboard$/);

  // Acting in the owner's workspace: the owner's campaign is there, and the switcher shows both workspaces.
  await matePage.goto('/campaigns');
  await expect(matePage.getByTestId('campaign-card').filter({ hasText: 'Shared launch' })).toBeVisible();
  await matePage.getByTestId('account-menu').click();
  await expect(matePage.getByTestId('workspace-option')).toHaveCount(2);
  await expect(matePage.locator('[data-testid="workspace-option"][aria-current="true"]')).toContainText(owner.fullName);

  // Deleting the owner's account would delete the team: the confirmation says so, naming it.
  await page.goto('/settings?tab=advanced');
  await page.getByTestId('danger-account').click();
  await expect(page.getByTestId('danger-team-note')).toHaveText(
    `Your workspace “${owner.fullName}” is deleted with your account: its 1 other member loses everything in it.`,
  );
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The owner sees the new member and removes them.
  await page.goto('/settings?tab=team');
  await expect(page.getByTestId('team-member-row')).toHaveCount(2);
  await expect(page.getByTestId('team-invite-row')).toHaveCount(0);
  await page.getByTestId('team-member-row').filter({ hasText: mate.email }).getByTestId('team-member-remove').click();
  await page.getByTestId('confirm-button').click();
  await expect(toast(page)).toContainText('Member removed');
  await expect(page.getByTestId('team-member-row')).toHaveCount(1);

  // At once, the former member's session falls back to their own workspace: the campaign is not found.
  await matePage.goto(`/campaigns/${campaign.id}`);
  await expect(matePage.getByTestId('campaign-not-found')).toBeVisible();
  await expect(matePage.getByText('Shared launch')).toHaveCount(0);
  await mateContext.close();
});
