import { CONTACT_MESSAGES } from '@consult/shared';
import { demoStringsIn } from '../apps/server/src/modules/site/demo-site-content';
import { newAccount } from './support/accounts';
import { expect, expectNoAxeViolations, shootBothWidths, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// A server of its own, started without ADMIN_EMAIL: the first run is a one-time state.
test.describe.configure({ timeout: 90_000 });

const PUBLIC_PAGES = ['/', '/consultation', '/terms-and-conditions'];

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('the first run asks for the practice’s facts, and no public page shows the demo consultant afterwards', async ({
  page,
}) => {
  const setupLine = await server.outputLine(/\/setup\?code=/);
  const link = /(https?:\/\/\S+\/setup\?code=[\w-]+)/.exec(setupLine)![1]!;

  // Before the first run the pages are the demo's: the walk below can see a demo string.
  const before = await page.request.get(`${server.baseURL}/terms-and-conditions`);
  expect(demoStringsIn(await before.text())).toContain('Ayesha Siddiqui');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your site' })).toBeVisible();
  const owner = newAccount('first-run');
  await page.getByLabel('Your name').fill('Jo Owner');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  const practice = page.getByRole('group', { name: 'Your practice' });
  await practice.getByLabel('Business name (optional)').fill('Northwind Advisory');
  await practice.getByLabel('City (optional)').fill('Manchester');
  await practice.getByLabel('Phone (optional)').fill('0161 496 0000');
  await expect(practice.getByLabel('Keep the example text')).not.toBeChecked();
  await page.getByRole('button', { name: 'Create the owner account' }).click();
  await expect(practice.getByText(CONTACT_MESSAGES.phoneStart)).toBeVisible();
  await expect(practice.getByLabel('Phone (optional)')).toBeFocused();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'setup');
  await practice.getByLabel('Phone (optional)').fill('+44 161 496 0000');
  await page.getByRole('button', { name: 'Create the owner account' }).click();
  await expect(page).toHaveURL(/\/admin\/config$/);
  // The admin's own header already carries the business name, not the demo's.
  await expect(page.getByRole('banner').getByText('Northwind Advisory')).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Finish setting up your site' });
  await expect(
    checklist.getByText('Your own name and contact details are on the site.'),
  ).toBeVisible();

  for (const url of PUBLIC_PAGES) {
    // The server's first HTML, as a search engine or a slow phone gets it…
    const rendered = await page.request.get(`${server.baseURL}${url}`);
    expect(rendered.status(), url).toBe(200);
    const html = await rendered.text();
    expect(html, url).toContain('Northwind Advisory');
    expect(demoStringsIn(html), url).toEqual([]);
    // Whole, even as the server's first render of the page: no part left to the browser (React
    // marks such a boundary <!--$!--> and reports error #419 when it hydrates).
    expect(html, url).not.toContain('<!--$!-->');
    // …and the page once the browser has hydrated it.
    await page.goto(`${server.baseURL}${url}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Northwind Advisory/);
    expect(demoStringsIn(await page.content()), url).toEqual([]);
  }

  await page.goto(`${server.baseURL}/terms-and-conditions`);
  await expect(
    page.getByText('provided by Jo Owner, trading as Northwind Advisory, based in Manchester'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: owner.email })).toHaveAttribute(
    'href',
    `mailto:${owner.email}`,
  );

  await page.goto(`${server.baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Hi, I am Jo Owner' })).toBeVisible();
  await expect(page.getByText('Based in Manchester').first()).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '+44 161 496 0000' })).toHaveAttribute(
    'href',
    'tel:+441614960000',
  );
  await expect(footer.getByRole('link', { name: owner.email })).toBeVisible();
  // The seed's three social links stay, at the networks' own home until the owner sets theirs.
  for (const [name, href] of [
    ['LinkedIn', 'https://www.linkedin.com/'],
    ['X', 'https://x.com/'],
    ['WhatsApp', 'https://wa.me/'],
  ]) {
    await expect(footer.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
      'href',
      href!,
    );
  }
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'landing-after-setup');
});
