import { AUTH_MESSAGES } from '@consult/shared';
import { ADMIN, signIn, signedInClient } from './support/accounts';
import { test, expect, expectNoAxeViolations } from './support/fixtures';

// Answers these tests provoke on purpose: the guards' refresh without a session (403) and the
// last admin's protection (409). Admin sign-ins are few: the server allows 5 per address and IP.
test.use({ expectedApiStatuses: [403, 409] });
// Whole account journeys (sign-up with its proof of work, mail, confirmation, sign-in) take longer
// than one page's 30 s budget on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('a client cannot open the admin area', async ({ page }) => {
  const client = await signedInClient(page, 'client');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText(`You are signed in as ${client.email}`)).toBeVisible();
});

test('the admin lands on the upcoming page and sees users and system health', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/upcoming$/);
  await expect(page.getByRole('heading', { name: 'Upcoming', level: 1 })).toBeVisible();
  await expect(page.getByText(/\d+ accounts? in total/)).toBeVisible();
  await expect(page.getByText(/All systems working|Needs attention/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'System' }).first().click();
  await expect(page.getByRole('heading', { name: 'Database' })).toBeVisible();
  await expect(page.getByText(/\d+(\.\d+)? (KB|MB|GB)/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('the admin manages users: each action is confirmed, the last admin is protected', async ({
  browser,
  page,
}) => {
  const clientPage = await browser.newPage();
  const client = await signedInClient(clientPage, 'managed');
  await clientPage.close();

  await page.goto('/signin');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Users' }).first().click();
  await page.getByLabel('Search by name or e-mail').fill('admin@e2e');
  await expect(page).toHaveURL(/search=admin%40e2e/);
  await page.getByRole('link', { name: /admin@e2e\.test/ }).click();
  await expect(page.getByText('This is your own account.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Make client' }).click();
  const demote = page.getByRole('dialog', { name: 'Remove admin rights?' });
  await expect(demote).toBeVisible();
  await expect(demote.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(demote).toBeHidden();
  await page.getByRole('button', { name: 'Make client' }).click();
  await demote.getByRole('button', { name: 'Make client' }).click();
  await expect(demote.getByRole('alert')).toHaveText(AUTH_MESSAGES.lastAdmin);
  await demote.getByRole('button', { name: 'Cancel' }).click();
  await expect(demote).toBeHidden();

  await page.getByLabel('Search by name or e-mail').fill(client.email);
  await expect(page.getByText(`1 user matching “${client.email}”`)).toBeVisible();
  await page.getByRole('link', { name: new RegExp(client.email) }).click();
  await page.getByRole('button', { name: 'Disable account' }).click();
  await page
    .getByRole('dialog', { name: 'Disable this account?' })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(page.getByText(`${client.email} was updated.`)).toBeVisible();
  await expect(page.getByText('Disabled: cannot sign in')).toBeVisible();
  await page.getByRole('button', { name: 'Enable account' }).click();
  await page
    .getByRole('dialog', { name: 'Enable this account?' })
    .getByRole('button', { name: 'Enable' })
    .click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this account?' })
    .getByRole('button', { name: 'Delete account' })
    .click();
  await expect(page.getByText(`${client.email} was deleted.`)).toBeVisible();
  await expect(page.getByText(`No users match “${client.email}”.`)).toBeVisible();
});
