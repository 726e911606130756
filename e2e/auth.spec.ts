import { AUTH_MESSAGES } from '@consult/shared';
import {
  ADMIN,
  confirmEmail,
  newAccount,
  signIn,
  signUp,
  signedInClient,
} from './support/accounts';
import { test, expect, expectNoAxeViolations } from './support/fixtures';
import { linkIn, waitForMail } from './support/mail';
import { currentAccessToken, forgeAccessToken, installStoreProbe } from './support/store';

// Answers these tests provoke on purpose: a bad link (400), a wrong password (401), a guard's
// refresh without a session (403).
test.use({ expectedApiStatuses: [400, 401, 403] });
// Whole account journeys (sign-up with its proof of work, mail, confirmation, sign-in) take longer
// than one page's 30 s budget on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('signing up, confirming the address from the mail and signing in leads to the dashboard', async ({
  page,
}) => {
  const account = newAccount('signup');
  await page.goto('/signup');
  await expect(page.getByLabel('Time zone')).not.toHaveValue('');
  await expectNoAxeViolations(page);
  await signUp(page, account);
  await expect(page.getByText(account.email)).toBeVisible();
  await expectNoAxeViolations(page);

  await confirmEmail(page, account);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.getByRole('heading', { name: 'Hello, Test' })).toBeVisible();
  await expect(page.getByText('E-mail address confirmed')).toBeVisible();
  await expectNoAxeViolations(page);

  // The session survives a reload: the page restores it from the refresh cookie.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Test' })).toBeVisible();
});

test('a signed-in client with an unconfirmed address gets a new link from the dashboard', async ({
  page,
}) => {
  const account = newAccount('unconfirmed');
  await signUp(page, account);
  await page.goto('/signin');
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.getByText('Confirm your e-mail address')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Resend verification' }).click();
  await expect(page.getByText(AUTH_MESSAGES.verificationResent)).toBeVisible();

  const resent = await waitForMail(account.email, /confirm/i, { nth: 2 });
  await page.goto(linkIn(resent, '/verifyEmail'));
  await expect(page.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByText('E-mail address confirmed')).toBeVisible();
  await expect(page.getByText('Confirm your e-mail address')).toBeHidden();
});

test('/signin comes rendered with the brand, and what is typed before the app starts is kept', async ({
  browser,
  page,
}) => {
  // The first HTML: the form and the consultant's name, its button disabled until the app runs (a
  // form sent without it would put the password in the address).
  const context = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await context.newPage();
  const response = await staticPage.goto('/signin');
  const html = await response!.text();
  expect(html).toContain('Ayesha Siddiqui');
  await expect(staticPage).toHaveTitle('Sign in · Consult');
  await expect(staticPage.getByLabel('E-mail')).toBeVisible();
  await expect(staticPage.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await context.close();

  // Typed before the app hydrates the page (it starts after the first paint), still there after.
  await page.goto('/signin', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByLabel('E-mail')).toHaveValue(ADMIN.email);
  await expect(page.getByRole('link', { name: 'Ayesha Siddiqui' })).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBeLessThan(0.05);
});

test('sign-in with a missing field says so, styled, without sending a request', async ({
  page,
}) => {
  const authRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth')) authRequests.push(request.url());
  });
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The page came with the CSS it shows only (decision 070); the rest comes with the app.
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  await page.getByLabel('E-mail').fill('someone@e2e.test');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.loginFieldsRequired);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCSS('background-color', 'rgb(251, 234, 234)');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  expect(authRequests).toEqual([]);
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  // Not the admin's address: sign-in attempts per address are limited, and the admin tests need them.
  await page.goto('/signin');
  await signIn(page, 'nobody@e2e.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.incorrectCredentials);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('a protected page sends a signed-out visitor to sign in, and back there afterwards', async ({
  page,
}) => {
  await installStoreProbe(page);
  await page.goto('/admin/users?search=admin');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Sign in to continue to that page.')).toBeVisible();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/users\?search=admin$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // The upcoming page loads several things at once; with an expired token all fail and share one refresh.
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/refresh') refreshes.push(request.method());
  });
  await forgeAccessToken(page);
  await page.getByRole('link', { name: 'Upcoming', exact: true }).click();
  await expect(page.getByText(/\d+ accounts? in total/)).toBeVisible();
  await expect(page.getByText(/All systems working|Needs attention/)).toBeVisible();
  expect(refreshes).toEqual(['POST']);
  refreshes.length = 0;

  // Signing out ends the session: the protected pages ask to sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
  // The area being left does not mistake the ended session for one to restore.
  expect(refreshes).toEqual([]);
  await page.goto('/dash');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a sign-in location carrying a tab or a line break leads to the dashboard instead', async ({
  page,
}) => {
  const account = newAccount('unsafe-next');
  await signUp(page, account);
  await confirmEmail(page, account);
  // The browser would read `/\t/evil.example` as `//evil.example`, another site.
  for (const unsafe of ['/%09/evil.example', '/%0A/evil.example']) {
    await page.goto(`/signin?next=${unsafe}`);
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dash$/);
    await expect(page.getByRole('heading', { name: 'Hello, Test' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  }
});

test('an expired access token is refreshed once and the action goes through', async ({ page }) => {
  await installStoreProbe(page);
  await signedInClient(page, 'refresh');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue(/Test refresh/);
  await expectNoAxeViolations(page);
  const before = await forgeAccessToken(page);

  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/refresh') refreshes.push(request.method());
  });
  await page.getByLabel('Full name').fill('Renamed Person');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  expect(refreshes).toEqual(['POST']);
  expect(await currentAccessToken(page)).not.toBe(before);
  await expect(page).toHaveURL(/\/dash\/profile$/);
});

test('a 403 on the first call after a reload of /dash is renewed with POST, then retried', async ({
  page,
}) => {
  await signedInClient(page, 'reload-403');
  await expect(page.getByRole('heading', { name: 'Hello, Test' })).toBeVisible();
  // The first call of the reloaded page carries a token the server refuses (its signature broken
  // on the way), as it refuses an expired one; the calls after it go through untouched.
  let refused = false;
  await page.route('**/api/user', async (route) => {
    const headers = route.request().headers();
    if (refused || !headers.authorization) return route.continue();
    refused = true;
    await route.continue({ headers: { ...headers, authorization: `${headers.authorization}x` } });
  });
  const seen: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/api/auth/refresh' || pathname === '/api/user') {
      seen.push(`${response.request().method()} ${pathname} ${response.status()}`);
    }
  });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Test' })).toBeVisible();
  await expect.poll(() => seen.length).toBeGreaterThanOrEqual(4);
  expect(seen).toEqual([
    // The guard's restore of the reloaded page.
    'GET /api/auth/refresh 200',
    'GET /api/user 403',
    'POST /api/auth/refresh 200',
    'GET /api/user 200',
  ]);
});

test('when the refresh fails too, the session ends with a message on the sign-in page', async ({
  page,
  context,
}) => {
  await installStoreProbe(page);
  await signedInClient(page, 'expired');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByLabel('Full name')).toBeVisible();
  await context.clearCookies();
  await forgeAccessToken(page);

  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(AUTH_MESSAGES.loginExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await currentAccessToken(page)).toBe('');
});

test('a forgotten password is reset from the mailed link and the new one signs in', async ({
  page,
}) => {
  const account = newAccount('reset');
  await signUp(page, account);
  await page.goto('/forgotPassword');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetLinkSent)).toBeVisible();

  const mail = await waitForMail(account.email, /reset/i);
  await page.goto(linkIn(mail, '/resetPassword'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  const newPassword = 'a brand new passphrase 7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something else entirely');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordChanged)).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.incorrectCredentials);
  await signIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/dash$/);
});

test('a bad verification link offers a new one', async ({ page }) => {
  await page.goto('/verifyEmail?token=not-a-real-token');
  await expect(page.getByText(AUTH_MESSAGES.verificationInvalid)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toBeVisible();
  await expectNoAxeViolations(page);
});
