import { test, expect, expectNoAxeViolations } from './support/fixtures';

test('the landing page loads with no console errors', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const name of ['Services', 'Hi, I am Ayesha', 'Frequently asked questions']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test('an unknown path shows the not-found page with a way home, answered 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Clear advice');
});
