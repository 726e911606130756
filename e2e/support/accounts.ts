/**
 * Account steps shared by the browser tests: sign up through the form, confirm, sign in; or, for a
 * test whose subject is not the sign-up, the same account made through the API.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOADING_TEXT } from '@consult/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { linkIn, waitForMail } from './mail';
import type { OwnServer } from './own-server';

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password-42' };

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export function newAccount(label: string): TestAccount {
  return {
    name: `Test ${label}`,
    email: `${label}-${randomUUID().slice(0, 8)}@e2e.test`,
    password: `correct horse ${randomUUID().slice(0, 6)}`,
  };
}

/**
 * Signs up through the form. `mailDelivered: false` for a server of a test's own without SMTP: its
 * screen says truthfully that no confirmation link is on its way.
 */
export async function signUp(page: Page, account: TestAccount, { mailDelivered = true } = {}) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Date of birth').fill('1990-04-23');
  await page.getByRole('button', { name: 'Create account' }).click();
  const heading = mailDelivered ? 'Check your e-mail' : 'Your account is created';
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 20_000 });
}

/** Opens the confirmation link of the account's latest sign-up mail. */
export async function confirmEmail(page: Page, account: TestAccount) {
  const mail = await waitForMail(account.email, /confirm/i);
  await page.goto(linkIn(mail, '/verifyEmail'));
  await expect(page.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs up through the API as the form does: the proof-of-work challenge is solved here, as the
 * form's worker solves it, with the browser's own time zone.
 */
async function registerThroughApi(page: Page, account: TestAccount) {
  const challenge = (await (await page.request.get('/api/auth/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the sign-up challenge');
  const res = await page.request.post('/api/auth/register', {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      DOB: '1990-04-23',
      phone: '',
      timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      token: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * A confirmed account, signed in on /dash: made, confirmed from its mail and signed in through
 * the API (the session cookie lands in the page's context), for tests whose subject comes after.
 * The form's own journey is tested in auth.spec.ts.
 */
export async function signedInClient(page: Page, label: string): Promise<TestAccount> {
  const account = newAccount(label);
  await registerThroughApi(page, account);
  const mail = await waitForMail(account.email, /confirm/i);
  const token = new URL(linkIn(mail, '/verifyEmail'), 'http://link.test').searchParams.get('token');
  const verified = await page.request.post('/api/user/verifyEmail', { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
  await openSignedIn(page, account, '/dash');
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible({
    timeout: 20_000,
  });
  return account;
}

/**
 * An account on a server of a test's own, which has no SMTP peer: made through the API, its address
 * confirmed with SQL.
 */
export async function confirmedAccountWithoutMail(
  page: Page,
  server: Pick<OwnServer, 'sql'>,
  label: string,
): Promise<TestAccount> {
  const account = newAccount(label);
  await registerThroughApi(page, account);
  await server.sql(`update users set email_verified_at = now() where email = '${account.email}'`);
  return account;
}

/**
 * A client with a confirmed address, signed in on /dash, on a server of a test's own: it has no
 * mailbox, so the address is confirmed in its database (`server.sql`). Made through the API as
 * `signedInClient` is; such a server's sign-up screen is tested in honest-states.spec.ts.
 */
export async function signedInClientWithoutMail(
  page: Page,
  server: Pick<OwnServer, 'sql'>,
  label: string,
): Promise<TestAccount> {
  const account = await confirmedAccountWithoutMail(page, server, label);
  await openSignedIn(page, account, '/dash');
  await expect(page.getByRole('heading', { level: 1, name: /^Hello,/ })).toBeVisible();
  return account;
}

/** An `authorization` header for the account, from a sign-in through the API on `origin`. */
export async function bearerOf(
  request: APIRequestContext,
  account: { email: string; password: string },
  origin = '',
) {
  const res = await request.post(`${origin}/api/auth`, {
    data: { email: account.email, password: account.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return `Bearer ${((await res.json()) as { accessToken: string }).accessToken}`;
}

/**
 * Signs in through the API (the session cookie lands in the page's context) and opens `path`, a
 * signed-in page, waiting until the app has restored the session there: for tests whose subject
 * is not the sign-in form. `path` may carry the origin of a server of the test's own; the sign-in
 * goes to the same server.
 */
export async function openSignedIn(
  page: Page,
  account: { email: string; password: string },
  path: string,
) {
  await bearerOf(page.request, account, path.startsWith('http') ? new URL(path).origin : '');
  const restored = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/auth/refresh'),
  );
  await page.goto(path);
  expect((await restored).ok()).toBe(true);
  // The first view of a signed-in area loads its code cold: slow on a busy machine.
  await expect(page.getByText(LOADING_TEXT)).toBeHidden({ timeout: 30_000 });
}
