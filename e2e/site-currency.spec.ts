import { moneyInputMessage } from '@consult/shared';
import { newAccount } from './support/accounts';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  shootBothWidths,
  test,
} from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { DESKTOP } from './support/public-site';

// A server of its own: the site's currency changes what every public page shows.
test.describe.configure({ timeout: 90_000 });

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Every price a page's server-rendered HTML writes: "£120", "$120.50", "Free" not included. */
async function pricesIn(path: string): Promise<string[]> {
  const html = await (await fetch(`${server.baseURL}${path}`)).text();
  return html.match(/[£$€¥]\s?\d[\d,.]*/g) ?? [];
}

test('the owner picks pounds at setup, prices a service by typing 150, and is warned about a second currency', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const setupLine = await server.outputLine(/\/setup\?code=/);
  const link = /(https?:\/\/\S+\/setup\?code=[\w-]+)/.exec(setupLine)![1]!;
  // Before setup the demo's services are in US dollars.
  expect(await pricesIn('/')).toContain('$120');

  await page.goto(link);
  const owner = newAccount('currency-owner');
  await page.getByLabel('Your name').fill('Jo Owner');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByLabel('Your prices are in').selectOption('GBP');
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'setup-currency');
  await page.getByRole('button', { name: 'Create the owner account' }).click();
  await expect(page).toHaveURL(/\/admin\/config$/);

  // Every demo service follows: the public pages, as served, show pounds only.
  for (const path of ['/', '/consultation']) {
    const prices = await pricesIn(path);
    expect(prices.length, path).toBeGreaterThan(0);
    expect(
      prices.every((price) => price.startsWith('£')),
      `${path}: ${prices.join(' ')}`,
    ).toBe(true);
  }
  const site = (await (await fetch(`${server.baseURL}/api/site`)).json()) as {
    services: { currency: string }[];
  };
  expect(new Set(site.services.map((service) => service.currency))).toEqual(new Set(['GBP']));

  await expect(
    page.getByRole('form', { name: 'Site currency' }).getByLabel('Prices are in'),
  ).toHaveValue('GBP');

  // A new service: the address name follows the title, the price is typed in pounds.
  await page.getByRole('button', { name: 'New service' }).click();
  const form = page.getByRole('form', { name: 'New service' });
  await form.getByLabel('Title').fill('Board Review Session');
  await expect(
    form.getByText('Web address: /consultation?service=board-review-session'),
  ).toBeVisible();
  await form.getByText('Advanced', { exact: true }).click();
  await expect(form.getByLabel('Address name')).toHaveValue('board-review-session');
  await form.getByLabel('Title').fill('Board Review');
  await expect(form.getByLabel('Address name')).toHaveValue('board-review');
  const price = form.getByLabel('Price (GBP)');
  await price.fill('150.505');
  await form.getByRole('button', { name: 'Add service' }).click();
  await expect(form.getByText(moneyInputMessage('GBP'))).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'service-form-price-error');
  await price.fill('150');
  await form.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByText('Board Review was added.')).toBeVisible();
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Edit Board Review' }) });
  await expect(row).toContainText('£150');
  await expect(row).toContainText('/consultation?service=board-review');

  const client = await page.context().newPage();
  await client.goto(`${server.baseURL}/consultation`);
  await expect(client.getByText('£150').first()).toBeVisible();
  expect(await pricesIn('/consultation')).toContain('£150');
  await client.close();

  // Charging it in dollars is a choice under Advanced, and the owner is warned.
  await row.getByRole('button', { name: 'Edit Board Review' }).click();
  const edit = page.getByRole('form', { name: 'Edit Board Review' });
  await expect(edit.getByLabel('Price (GBP)')).toHaveValue('150.00');
  await edit.getByText('Advanced', { exact: true }).click();
  await edit.getByLabel('Charge this service in another currency').check();
  await edit.getByLabel('This service’s currency').selectOption('USD');
  await expect(edit.getByLabel('Price (USD)')).toHaveValue('150.00');
  await edit.getByRole('button', { name: 'Save service' }).click();
  await expect(page.getByText('Board Review is saved.')).toBeVisible();
  const warning = page.getByText('Your public pages show prices in 2 currencies: GBP and USD');
  await expect(warning).toBeVisible();
  await expect(page.getByText('Board Review (USD) is charged in another currency')).toBeVisible();
  await expect(row).toContainText('Charged in USD');
  await expect(row).toContainText('$150');
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'two-currencies-warning');

  // Following the site again removes the warning.
  await row.getByRole('button', { name: 'Edit Board Review' }).click();
  await edit.getByText('Advanced', { exact: true }).click();
  await edit.getByLabel('Charge this service in another currency').uncheck();
  await edit.getByRole('button', { name: 'Save service' }).click();
  await expect(page.getByText('Board Review is saved.').first()).toBeVisible();
  await expect(warning).toBeHidden();
  await expect(row).toContainText('£150');

  // Changing the site's currency moves every following service, saying so before it is saved.
  const card = page.getByRole('form', { name: 'Site currency' });
  await card.getByLabel('Prices are in').selectOption('JPY');
  await expect(card).toContainText('4 prices follow the site’s currency');
  await expect(card).toContainText('Strategy session (service) £120.00 → ¥120');
  await expect(card).toContainText(
    'Bookings, package purchases and payments already made keep the currency',
  );
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'site-currency-change');
  await card.getByRole('button', { name: 'Save currency' }).click();
  await expect(row).toContainText('¥150');
  expect(await pricesIn('/consultation')).toContain('¥150');
  expect((await pricesIn('/')).every((text) => text.startsWith('¥'))).toBe(true);
});
