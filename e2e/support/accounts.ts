/** Account steps shared by the browser tests: sign up through the form, confirm, sign in. */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail';

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

/** A confirmed account, signed in on /dash. */
export async function signedInClient(page: Page, label: string): Promise<TestAccount> {
  const account = newAccount(label);
  await signUp(page, account);
  await confirmEmail(page, account);
  await page.goto('/signin');
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dash$/);
  return account;
}
