import { randomUUID } from 'node:crypto';
import { newAccount } from './support/accounts';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  shootBothWidths,
  test,
} from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// A server of its own, started without ADMIN_EMAIL: the first run is a one-time state.
test.describe.configure({ timeout: 60_000 });
// The mail's HTML frame has no allow-scripts: Chromium says so when the test tools reach into it.
test.use({ expectedConsoleErrors: [/^Blocked script execution in 'about:srcdoc'/] });

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a fresh site: the setup link from the server’s output, /setup, the checklist, the audit log and the outbox', async ({
  page,
  browser,
}) => {
  const setupLine = await server.outputLine(/\/setup\?code=/);
  const link = /(https?:\/\/\S+\/setup\?code=[\w-]+)/.exec(setupLine)![1]!;
  expect(link.startsWith(`${server.baseURL}/setup?code=`)).toBe(true);
  const mailLine = await server.outputLine(/SMTP_URL is not set/);
  expect(mailLine).toContain(`${server.baseURL}/admin/system`);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your site' })).toBeVisible();
  await expect(page.getByLabel('Setup code')).toHaveValue(new URL(link).searchParams.get('code')!);
  const owner = newAccount('owner');
  await page.getByLabel('Your name').fill('Nadia Rahman');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create the owner account' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'setup');
  await page.getByLabel('Password').fill(owner.password);
  // Kept, the demo's example text still names her: the checklist says where.
  await page.getByLabel('Keep the example text').check();
  await page.getByRole('button', { name: 'Create the owner account' }).click();

  await expect(page).toHaveURL(/\/admin\/config$/);
  const checklist = page.getByRole('region', { name: 'Finish setting up your site' });
  await expect(checklist).toBeVisible();
  for (const item of ['Business name and contact details', 'Weekly hours', 'Services']) {
    await expect(checklist.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(checklist.getByRole('link', { name: 'Mail delivery' })).toHaveAttribute(
    'href',
    '/admin/system?tab=outbox',
  );
  await expect(
    checklist.getByRole('link', { name: 'Business name and contact details' }),
  ).toHaveAttribute('href', '/admin/config?tab=site');
  await expect(
    checklist.getByText(
      'The demo consultant’s details are still in: About, Frequently asked questions, Contact and social links, Terms and Conditions.',
    ),
  ).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'checklist');

  // The link is spent: someone else opening it is sent to sign in.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(link);
  await expect(strangerPage.getByText('This site already has an owner account.')).toBeVisible();
  await stranger.close();

  await page.goto(`${server.baseURL}/admin/system?tab=audit`);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const entry = page.getByRole('article').filter({ hasText: 'Created the owner account' });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('cell', { name: 'admin' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'audit');

  const subject = `Your booking ${randomUUID().slice(0, 6)}`;
  await server.sql(
    `insert into mail_outbox ("to", subject, text, html, status, attempts, last_error)
     values ('client@e2e.test', '${subject}', 'Hello, your link: ${server.baseURL}/dash',
       '<p>Hello <strong>there</strong></p>', 'failed', 8,
       'connect ECONNREFUSED 127.0.0.1:25')`,
  );
  await page.getByRole('link', { name: 'Outbox' }).click();
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  // The HTML is in a frame without scripts or this page's origin (nothing is evaluated in it).
  const frame = page.locator(`iframe[title="HTML of the mail “${subject}”"]`);
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('srcdoc', '<p>Hello <strong>there</strong></p>');
  await expect(page.getByText('connect ECONNREFUSED 127.0.0.1:25').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'outbox');
  // No mail server on this site: sending it again would go nowhere, so it is not offered.
  await expect(
    page.getByText(/^Mail is not being delivered: no mail server configured/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
});
