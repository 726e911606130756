import { AUTH_MESSAGES, OUTBOX_MESSAGES } from '@consult/shared';
import { newAccount, signIn, signUp, openSignedIn } from './support/accounts';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  shootBothWidths,
  test,
} from './support/fixtures';
import { linkIn, waitForMail } from './support/mail';
import { startOwnServer, type OwnServer } from './support/own-server';
import { DESKTOP } from './support/public-site';

// The shared e2e server delivers mail to an SMTP peer; these screens need a site without one, so
// they run on a server of their own (no SMTP_URL), as a new practice does out of the box.
test.describe.configure({ timeout: 90_000 });

const OWNER = { email: 'honest-owner@e2e.test', password: 'honest-owner-password-42' };
const NOT_DELIVERED_WARNING =
  /^Mail is not being delivered: no mail server configured \(SMTP_URL\)/;

test.describe('a site with no mail server', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  });
  test.afterAll(() => server?.stop());

  test('a forgotten password and a sign-up are told no e-mail is on its way, the same for any address', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
    const page = await context.newPage();
    for (const email of [OWNER.email, 'nobody-at-all@e2e.test']) {
      await page.goto('/forgotPassword');
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('heading', { name: 'No e-mail could be sent' })).toBeVisible();
      await expect(page.getByText(AUTH_MESSAGES.mailNotDelivered)).toBeVisible();
      await expect(page.getByText(/check your e-mail|was sent to/i)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'forgot-password-no-mail');

    const account = newAccount('nomail');
    await page.goto('/signup');
    await page.getByLabel('Full name').fill(account.name);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByLabel('Date of birth').fill('1990-04-23');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is created' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(AUTH_MESSAGES.mailNotDelivered)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'signup-no-mail');
    await context.close();
  });

  test('the owner is warned on /admin/upcoming and the status, the invitation says where it is, and the outbox says Not delivered', async ({
    browser,
  }) => {
    const visitor = { name: 'Rukhsana Nomail', email: 'rukhsana-nomail@e2e.test' };
    await server.sql(`
      insert into contact_messages (name, email, phone, type, message)
      values ('${visitor.name}', '${visitor.email}', '+923001234567', 'General',
        'Hello, I would like to book a first session.');
    `);
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
    const page = await context.newPage();
    await openSignedIn(page, OWNER, '/admin/upcoming');
    const systemCard = page.locator('section').filter({
      has: page.getByRole('heading', { name: 'System health' }),
    });
    await expect(systemCard.getByText('Needs attention')).toBeVisible();
    await expect(systemCard.getByText(NOT_DELIVERED_WARNING)).toBeVisible();
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'admin-upcoming-no-mail');

    await page.goto('/admin/messages');
    await page.getByRole('link', { name: new RegExp(visitor.name) }).click();
    await page.getByRole('button', { name: 'Invite as client' }).click();
    await expect(
      page.getByText(
        `Mail is not being delivered: the invitation to ${visitor.email} is in the outbox (System → Outbox).`,
      ),
    ).toBeVisible();
    await expect(page.getByText(`Invitation sent to ${visitor.email}.`)).toHaveCount(0);

    // The outbox job runs every 2 s: the invitation goes nowhere and is stored so.
    await page.goto('/admin/system?tab=outbox');
    await expect(page.getByText(NOT_DELIVERED_WARNING)).toBeVisible();
    const row = page.getByRole('link', { name: /You are invited to create your client account/ });
    await expect(row.getByText('Not delivered', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText(OUTBOX_MESSAGES.notDelivered)).toBeVisible();
    await expect(page.getByRole('listitem').getByText('Sent', { exact: true })).toHaveCount(0);
    await row.click();
    await expect(
      page.getByText('Nothing was sent; the server only wrote it to its log.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    await expectAccessibleWithoutToasts(page);
    await shootBothWidths(page, 'outbox-not-delivered');

    await page.goto('/admin/system');
    await expect(page.getByText(NOT_DELIVERED_WARNING)).toBeVisible();
    const mailQueue = page.locator('section').filter({
      has: page.getByRole('heading', { name: 'Mail queue' }),
    });
    await expect(mailQueue.getByText('Not delivered').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'system-status-no-mail');
    await context.close();
  });

  test('the audit log reads as field names and values, with the raw record one click away', async ({
    browser,
  }) => {
    await server.sql(`
      insert into audit_log (actor_id, action, target, details)
      select id, 'payments.settings', null,
        '{"before": {"taxRateBasisPoints": 0, "clientRefundPercent": 100},
          "after": {"taxRateBasisPoints": 1900, "clientRefundPercent": 50}}'::jsonb
      from users where email = '${OWNER.email}';
      insert into audit_log (actor_id, action, target, details)
      select u.id, 'service.update', s.id::text,
        '{"currency": "GBP", "before": {"priceMinor": 15000, "active": true},
          "after": {"priceMinor": 12000, "active": false}}'::jsonb
      from users u cross join (select id from services order by position limit 1) s
      where u.email = '${OWNER.email}';
    `);
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
    const page = await context.newPage();
    await openSignedIn(page, OWNER, '/admin/system?tab=audit');

    const settings = page.getByRole('article').filter({ hasText: 'Changed payment settings' });
    const taxRate = settings.getByRole('row', { name: /^Tax rate/ });
    await expect(taxRate.getByRole('cell')).toHaveText(['0 %', '19 %']);
    await expect(settings.getByRole('row', { name: /^Refund on cancellation/ })).toContainText(
      '50 %',
    );
    const service = page.getByRole('article').filter({ hasText: 'Changed a service' });
    await expect(service.getByRole('row', { name: /^Price/ }).getByRole('cell')).toHaveText([
      '£150.00',
      '£120.00',
    ]);
    await expect(service.getByRole('row', { name: /^Bookable/ }).getByRole('cell')).toHaveText([
      'Yes',
      'No',
    ]);
    await expect(page.getByText(/basis points/i)).toHaveCount(0);

    const raw = settings.getByText('"taxRateBasisPoints": 1900');
    await expect(raw).toBeHidden();
    await settings.getByText('Show raw').click();
    await expect(raw).toBeVisible();
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'audit-readable');
    await context.close();
  });

  test('a service without a summary or description shows no empty paragraph', async ({
    browser,
  }) => {
    await server.sql(`
      insert into services (slug, title, summary, description, duration_minutes, price_minor,
        currency, meeting_mode, position)
      values ('quick-check', 'Quick check', '', '', 30, 5000, 'USD', 'video', 99);
    `);
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
    const page = await context.newPage();
    for (const path of ['/', '/consultation']) {
      await page.goto(path);
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Quick check', level: 3 }) });
      await expect(card).toBeVisible();
      await expect(card.locator('p:empty')).toHaveCount(0);
      await expect(card.getByText('30 min').first()).toBeVisible();
    }
    await shootBothWidths(page, 'consultation-service-without-description');
    await context.close();
  });
});

test.describe('a verification link opened twice', () => {
  // The second opening answers 409 email-already-verified on purpose.
  test.use({ expectedApiStatuses: [409] });

  test('says the address is already verified and offers to sign in', async ({ page }) => {
    const account = newAccount('twice');
    await signUp(page, account);
    const mail = await waitForMail(account.email, /confirm/i);
    const link = linkIn(mail, '/verifyEmail');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Already confirmed' })).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.emailAlreadyVerified)).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.verificationInvalid)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shootBothWidths(page, 'verify-email-already');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dash$/);
  });
});
