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

test('/ loads only its small entry until the visitor acts; a press made before React runs is not lost', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.startsWith('/assets/landing-'))).toBe(true);
  expect(scripts.filter((path) => path.startsWith('/assets/react-'))).toEqual([]);

  // The click's own pointer events start React; the press itself is replayed once it runs.
  await page.getByRole('banner').getByRole('button', { name: 'Contact Me' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Me' })).toBeVisible();
  expect(scripts.filter((path) => path.startsWith('/assets/react-'))).toHaveLength(1);
});

test('/consultation, /signin and the terms load the app only when the visitor acts; a session chosen before it runs is kept', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/signin', '/terms-and-conditions', '/consultation']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(
      scripts.filter((script) => script.startsWith('/assets/react-')),
      path,
    ).toEqual([]);
  }

  // The click ticks the radio at once; its pointer events start the app, and the choice is made
  // again once the app listens, so the calendar of that session opens.
  const introCall = page.getByRole('radio', { name: /Intro call/ });
  await introCall.click();
  await expect(introCall).toBeChecked();
  await expect(page).toHaveURL(/\/consultation\?service=intro-call$/, { timeout: 15_000 });
  await expect(page.getByLabel('Time zone')).toBeVisible();
  expect(scripts.filter((script) => script.startsWith('/assets/react-'))).toHaveLength(1);
});

test('the pages raise no Content Security Policy violation (zod compiles no code with eval)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const path of ['/signin', '/consultation', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (path === '/') {
      // The contact form is the landing page's one user of zod.
      await page.getByRole('banner').getByRole('button', { name: 'Contact Me' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact Me' });
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      // The form's schemas ran: the empty fields are marked.
      await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    } else {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations, path).toEqual([]);
  }
});

test('every page has one description: its own on a rendered page, the general one elsewhere', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /consultations/,
  );
  await page.goto('/terms-and-conditions');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /The terms that apply to consultations booked with/,
  );
});
