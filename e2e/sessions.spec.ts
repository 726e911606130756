import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ADMIN, signIn, signedInClient, type TestAccount } from './support/accounts';
import { expect, expectAccessibleWithoutToasts, shootBothWidths, test } from './support/fixtures';
import { DESKTOP, MOBILE } from './support/public-site';

// Sign-up with its proof of work and three browsers take a while.
test.describe.configure({ timeout: 120_000 });

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

// 403: a page opened after signing out tries to restore the session once, and is refused.
test.use({ userAgent: MAC_CHROME, expectedApiStatuses: [403] });

/** Another browser of the same person: its own user agent and network, signed in on /dash. */
async function signInElsewhere(
  browser: Browser,
  account: TestAccount,
  userAgent: string,
  address: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    userAgent,
    viewport: MOBILE,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  await page.goto('/signin');
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dash$/);
  return { context, page };
}

function sessionsCard(page: Page) {
  return page.getByRole('region', { name: 'Signed-in sessions' });
}

function sessionItems(page: Page) {
  return sessionsCard(page).getByRole('list', { name: 'Sessions' }).getByRole('listitem');
}

test('a client sees the sessions of two browsers, signs the other out, and it is signed out at once', async ({
  page,
  browser,
}) => {
  const client = await signedInClient(page, 'sessions');
  const phone = await signInElsewhere(browser, client, IPHONE_SAFARI, '198.51.100.23');

  // The list waits for its answer: the loading state is drawn, then the two sessions.
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route('**/api/user/sessions', async (route) => {
    await listHeld;
    await route.continue();
  });
  await page.goto('/dash/profile');
  await expect(page.getByRole('status', { name: 'Loading your sessions' })).toBeVisible();
  await shootBothWidths(page, 'dash-sessions-loading');
  releaseList();

  const items = sessionItems(page);
  await expect(items).toHaveCount(2);
  const here = items.filter({ hasText: 'This device' });
  await expect(here.getByRole('heading', { name: 'Chrome on macOS' })).toBeVisible();
  const other = items.filter({ hasText: 'Safari on iPhone' });
  await expect(other.getByText('198.51.100.x')).toBeVisible();
  await expect(other.getByText('This device')).toHaveCount(0);
  await expect(
    sessionsCard(page).getByRole('button', { name: 'Sign out everywhere else' }),
  ).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'dash-sessions');

  // The phone's session ends: its next call is refused and it lands on the sign-in page.
  await other.getByRole('button', { name: 'Sign out this session: Safari on iPhone' }).click();
  await expect(page.getByText('Safari on iPhone is signed out.')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(
    sessionsCard(page).getByText('This is the only device signed in to your account.'),
  ).toBeVisible();
  await expect(
    sessionsCard(page).getByRole('button', { name: 'Sign out everywhere else' }),
  ).toHaveCount(0);
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'dash-sessions-only-this-device');

  await phone.page.getByRole('button', { name: 'Menu' }).click();
  await phone.page.getByRole('link', { name: 'Tasks' }).click();
  await expect(phone.page).toHaveURL(/\/signin/);
  await expect(phone.page.getByText('Your login has expired.')).toBeVisible();
  await phone.page.goto('/dash');
  await expect(phone.page).toHaveURL(/\/signin/);
  await phone.context.close();
});

test('"sign out everywhere else" ends every other session; "sign out" on this device signs out', async ({
  page,
  browser,
}) => {
  const client = await signedInClient(page, 'everywhere');
  const phone = await signInElsewhere(browser, client, IPHONE_SAFARI, '198.51.100.40');
  const laptop = await signInElsewhere(browser, client, WINDOWS_FIREFOX, '203.0.113.9');

  await page.goto('/dash/profile');
  await expect(sessionItems(page)).toHaveCount(3);
  await sessionsCard(page).getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await expect(dialog).toContainText('The 2 other sessions will need the password');
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'dash-sessions-everywhere-else');
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out 2 other sessions.')).toBeVisible();
  await expect(sessionItems(page)).toHaveCount(1);

  for (const elsewhere of [phone, laptop]) {
    await elsewhere.page.reload();
    await expect(elsewhere.page).toHaveURL(/\/signin/);
    await elsewhere.context.close();
  }

  // Ending this device's own session is signing out.
  await sessionItems(page).getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/dash/profile');
  await expect(page).toHaveURL(/\/signin/);
});

test('the owner sees their sessions on their own profile', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/signin');
  await signIn(page, ADMIN.email, ADMIN.password);
  // Where /admin sends the owner; the area's links are clicked from there.
  await expect(page).toHaveURL(/\/admin\/upcoming$/);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  // Other browser tests sign the owner in too: only this one is certain to be listed.
  const here = sessionItems(page).filter({ hasText: 'This device' });
  await expect(here).toHaveCount(1);
  await expect(here.getByRole('heading', { name: 'Chrome on macOS' })).toBeVisible();
  await expect(here.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Privacy' })).toHaveCount(0);
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'admin-profile-sessions');
});
