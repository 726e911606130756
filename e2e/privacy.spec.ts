import { readFile } from 'node:fs/promises';
import { accountExportSchema, AUTH_MESSAGES, PRIVACY_MESSAGES } from '@consult/shared';
import { signIn, signedInClient } from './support/accounts';
import { expect, expectNoAxeViolations, keepScreenshot, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { DESKTOP, MOBILE } from './support/public-site';

// Sign-up with its proof of work and confirmation take a while.
test.describe.configure({ timeout: 90_000 });

test.use({ expectedApiStatuses: [400, 401] });

test('a client downloads their data, then deletes the account and can no longer sign in', async ({
  page,
}) => {
  const client = await signedInClient(page, 'leaver');
  await page.goto('/dash/profile');
  const privacy = page.getByRole('region', { name: 'Privacy' });

  const download = page.waitForEvent('download');
  await privacy.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = accountExportSchema.parse(JSON.parse(await readFile((await file.path())!, 'utf8')));
  expect(data.profile.email).toBe(client.email);

  await privacy.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(PRIVACY_MESSAGES.passwordWrong)).toBeVisible();
  await expectNoAxeViolations(page);
  for (const [width, viewport] of [
    [1280, DESKTOP],
    [375, MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await keepScreenshot(page, `delete-account-${width}`);
  }
  await page.setViewportSize(DESKTOP);

  await dialog.getByLabel('Your password').fill(client.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(PRIVACY_MESSAGES.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await waitForMail(client.email, /^Your account is deleted$/);

  await page.goto('/signin');
  await signIn(page, client.email, client.password);
  await expect(page.getByText(AUTH_MESSAGES.incorrectCredentials)).toBeVisible();
});
