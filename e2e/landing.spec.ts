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

test('the page and its scripts arrive compressed, the hashed scripts cached for a year', async ({
  page,
}) => {
  const scripts: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/') && response.url().endsWith('.js')) {
      scripts.push({ url: response.url(), headers: response.headers() });
    }
  });
  const response = await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  const pageHeaders = response!.headers();
  expect(pageHeaders['content-encoding']).toBe('br');
  expect(pageHeaders['vary']).toMatch(/accept-encoding/i);
  expect(pageHeaders['cache-control']).toBe('no-cache');

  // The landing entry and React: brotli copies the build wrote, kept for a year.
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  for (const { url, headers } of scripts) {
    expect(headers['content-encoding'], url).toBe('br');
    expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    expect(headers['vary'], url).toMatch(/accept-encoding/i);
  }
});
