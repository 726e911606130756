import { SITE_MESSAGES } from '@consult/shared';
import { openSignedIn } from './support/accounts';
import { expect, expectAccessibleWithoutToasts, shootBothWidths, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { DESKTOP } from './support/public-site';

// A server of its own: the edit changes the home page every other spec reads.
test.describe.configure({ timeout: 60_000 });

const OWNER = { email: 'site-owner@e2e.test', password: 'site-owner-password-42' };
const HEADING = 'Plans that survive Monday morning';
const QUESTION = 'Can we meet on a Saturday?';
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
});
test.afterAll(() => server?.stop());

test('the owner edits the hero and a question, previews, saves, and the public pages show it', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await openSignedIn(page, OWNER, '/admin/config');
  const tabs = page.getByRole('navigation', { name: 'Configuration sections' });
  await tabs.getByRole('link', { name: 'Site content' }).click();
  await expect(page).toHaveURL(/\/admin\/config\?tab=site$/);
  await expect(tabs.getByRole('link', { name: 'Site content' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const editor = page.getByRole('form', { name: 'Site content' });
  const card = (title: string) =>
    editor.locator('section').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });
  await card('Introduction').getByLabel('Heading').fill(HEADING);
  await editor
    .getByRole('group', { name: 'Question 1', exact: true })
    .getByLabel('Question', { exact: true })
    .fill(QUESTION);
  // Reordered with the buttons: the edited question becomes the second.
  await editor.getByRole('button', { name: 'Move down question 1' }).click();
  await expect(
    editor
      .getByRole('group', { name: 'Question 2', exact: true })
      .getByLabel('Question', { exact: true }),
  ).toHaveValue(QUESTION);
  const terms = card('Terms and Conditions').getByLabel('Terms (Markdown)');
  await terms.fill(
    `${await terms.inputValue()}\n\n## Links\n\n<script>alert(1)</script>\n\n[a trap](javascript:alert(2)) and [our site](https://example.com).`,
  );
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'site-editor');

  // Another tab would drop the edits: it asks first, and staying keeps them.
  await tabs.getByRole('link', { name: 'Payments' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toContainText(SITE_MESSAGES.unsaved);
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\?tab=site$/);
  await expect(card('Introduction').getByLabel('Heading')).toHaveValue(HEADING);

  await editor.getByRole('button', { name: 'Preview' }).click();
  await expect(editor.getByText(HEADING)).toBeVisible();
  await expect(editor.getByText(QUESTION)).toBeVisible();
  await expect(editor.getByText('<script>alert(1)</script>')).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'site-editor-preview');

  await editor.getByRole('button', { name: 'Save site content' }).click();
  await expect(page.getByText(SITE_MESSAGES.saved)).toBeVisible();
  await expect(editor.getByText('All changes saved')).toBeVisible();

  // The first HTML of / already holds the new words: rendered on the server from the saved content.
  const home = await page.request.get('/');
  expect(await home.text()).toContain(HEADING);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: HEADING, level: 1 })).toBeVisible();
  await expect(page.getByText(QUESTION)).toBeVisible();

  const termsHtml = await (await page.request.get('/terms-and-conditions')).text();
  expect(termsHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  // Neither in the page nor in its hydration data (which escapes every <) can the script run.
  expect(termsHtml).not.toContain('<script>alert(1)');
  expect(termsHtml).not.toMatch(/href="javascript:/i);
  expect(termsHtml).toContain('href="https://example.com"');
  await context.close();
});
