import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN, signIn } from './support/accounts';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  test,
  shootBothWidths,
} from './support/fixtures';
import { waitForMail } from './support/mail';
import { DESKTOP, openContactFromHeader } from './support/public-site';

// Two browsers, a mail and a sign-up page: more than the default time.
test.describe.configure({ timeout: 90_000 });

/** The nav's count must say what the server counts (other tests send messages meanwhile). */
async function expectNavCount(owner: Page, newMessages: number) {
  const nav = owner.getByRole('navigation', { name: 'Admin', exact: true });
  await expect(
    nav.getByRole('link', {
      name: newMessages === 0 ? 'Messages' : `Messages, ${newMessages} new`,
      exact: true,
    }),
  ).toBeVisible();
}

test('a visitor’s message reaches the owner’s inbox, is answered, invited and marked handled', async ({
  page,
  browser,
}) => {
  const visitor = {
    name: 'Hina Rauf',
    email: `hina-${randomUUID().slice(0, 8)}@e2e.test`,
    text: 'Could you help me plan the finances of my new bakery?',
  };
  await page.goto('/');
  const dialog = await openContactFromHeader(page);
  await dialog.getByLabel('Name').fill(visitor.name);
  await dialog.getByLabel('Phone').fill('+92 300 7654321');
  await dialog.getByLabel('E-mail').fill(visitor.email);
  await dialog.getByLabel('Type of request').selectOption({ label: 'General Inquiry' });
  await dialog.getByLabel('Message').fill(visitor.text);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();

  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await owner.goto('/signin');
  const firstSummary = owner.waitForResponse((r) =>
    r.url().endsWith('/api/admin/messages/summary'),
  );
  await signIn(owner, ADMIN.email, ADMIN.password);
  // Where /admin sends the owner; the area's links are clicked from there.
  await expect(owner).toHaveURL(/\/admin\/upcoming$/);
  const { newMessages } = (await (await firstSummary).json()) as { newMessages: number };
  expect(newMessages).toBeGreaterThanOrEqual(1);
  await expectNavCount(owner, newMessages);

  await owner
    .getByRole('navigation', { name: 'Admin', exact: true })
    .getByRole('link', { name: /^Messages/ })
    .click();
  await expect(owner.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await owner.getByLabel('Search name, e-mail, phone or text').fill(visitor.email);
  await expect(owner).toHaveURL(/q=hina/);
  const row = owner.getByRole('link', { name: new RegExp(visitor.name) });
  await expect(row).toContainText('New');
  await expect(owner.getByText('1 message', { exact: true })).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'admin-messages');

  await row.click();
  await expect(owner).toHaveURL(/message=/);
  const panel = owner.locator('#main');
  await expect(panel.getByRole('heading', { name: visitor.name, level: 2 })).toBeVisible();
  await expect(panel.getByText(visitor.text).last()).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
    'href',
    `mailto:${visitor.email}?subject=Re%3A%20your%20message`,
  );
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'admin-message-detail');

  // One click invites the sender; the mail's link opens the sign-up page with the address in it.
  await panel.getByRole('button', { name: 'Invite as client' }).click();
  await expect(owner.getByText(`Invitation sent to ${visitor.email}.`)).toBeVisible();
  const mail = await waitForMail(visitor.email, /^You are invited to create your client account$/);
  const link = mail.text.match(/https?:\/\/\S+\/signup\?email=\S+/)?.[0];
  expect(link).toBeDefined();
  const signUp = new URL(link!);
  expect(signUp.searchParams.get('email')).toBe(visitor.email);
  await page.goto(`${signUp.pathname}${signUp.search}`);
  await expect(page.getByLabel('E-mail')).toHaveValue(visitor.email);

  // Marked handled: the message says so and the navigation counts what the server counts.
  const nextSummary = owner.waitForResponse((r) => r.url().endsWith('/api/admin/messages/summary'));
  await panel.getByRole('button', { name: 'Mark handled' }).click();
  await expect(owner.getByText('Marked handled.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark new' })).toBeVisible();
  const after = (await (await nextSummary).json()) as { newMessages: number };
  await expectNavCount(owner, after.newMessages);

  await owner.getByLabel('State').selectOption({ label: 'New' });
  await expect(owner.getByText('No messages match these filters.')).toBeVisible();
  await owner.getByLabel('State').selectOption({ label: 'Handled' });
  await expect(row).toContainText('Handled');
  await expectAccessibleWithoutToasts(owner);
  await ownerContext.close();
});
