/**
 * Issue 24 in the browser: the owner adds a discount code on the Discount codes tab; a client with
 * a package credit sees the credit offered in the booking flow, books once paying as usual with
 * the code and once with the credit, and the bookings list names the credit. Axe on each new
 * screen; screenshots at 1280 and 375 px kept with a local run's output.
 */
import type { Page } from '@playwright/test';
import { ADMIN, bearerOf, signedInClient, type TestAccount } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import {
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  shootBothWidths,
  test,
} from './support/fixtures';
import { DESKTOP } from './support/public-site';

// Sign-up with its proof of work, two bookings and the owner's screens take a while.
test.describe.configure({ timeout: 150_000 });

const SERVICE = 'strategy-session';

/** An access token for the API calls a test makes to set up what it does not test. */
/** A package of three strategy sessions, granted to the client by the owner (through the API). */
async function grantPackage(owner: Page, clientPage: Page, client: TestAccount, title: string) {
  const authorization = await bearerOf(owner.request, ADMIN);
  const made = await owner.request.post('/api/admin/packages', {
    headers: { authorization },
    data: { title, services: [SERVICE], sessions: 3, priceMinor: 30000, validityDays: 90 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const packageId = ((await made.json()) as { id: string }).id;
  // The client's own context: a sign-in in the owner's would replace the owner's session cookie.
  const clientToken = await bearerOf(clientPage.request, client);
  const me = await clientPage.request.get('/api/user', { headers: { authorization: clientToken } });
  const clientId = ((await me.json()) as { id: string }).id;
  const granted = await owner.request.post(`/api/admin/users/${clientId}/credits`, {
    headers: { authorization },
    data: { packageId, delta: 3, reason: 'Browser test' },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
}

async function chooseTime(page: Page, nthDay: number) {
  await page.goto(`/consultation?service=${SERVICE}`);
  await pickDay(page, nthDay);
  await timeButtons(page).last().click();
}

test('a discount code made by the owner and a package credit, chosen in the booking flow', async ({
  page,
  browser,
}) => {
  const code = `WELCOME${Date.now().toString(36).toUpperCase().slice(-4)}`;
  const title = `Three sessions ${code}`;
  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();

  // The owner adds a 20 % code on its tab.
  const authorization = await bearerOf(owner.request, ADMIN);
  expect(authorization).toMatch(/^Bearer /);
  await owner.request.post('/api/auth', { data: ADMIN });
  await owner.goto('/admin/config?tab=coupons');
  await expect(owner.getByRole('heading', { name: 'Add a discount code' })).toBeVisible({
    timeout: 30_000,
  });
  await owner.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await owner.getByRole('textbox', { name: 'Percent off' }).fill('20');
  await owner.getByLabel('Uses per client (optional)').fill('2');
  await owner.getByRole('button', { name: 'Add code' }).click();
  await expect(owner.getByText(`${code} is saved.`)).toBeVisible();
  const list = owner.getByRole('list', { name: 'Discount codes' });
  await expect(list.getByText(code, { exact: true })).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'config-discount-codes');

  const client = await signedInClient(page, 'coupon');
  await grantPackage(owner, page, client, title);

  // The credit is offered first, chosen by default.
  await chooseTime(page, 4);
  const useCredit = page.getByRole('radio', { name: `Use 1 credit from ${title}` });
  await expect(useCredit).toBeChecked();
  await expect(page.getByText(/Paid with 1 package credit, nothing to pay/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'booking-credit-offered');

  // Paying as usual opens the code; its discount shows before paying.
  await page.getByRole('radio', { name: /^Pay as usual/ }).check();
  const flow = page.locator('#book');
  await flow.getByRole('button', { name: 'Have a discount code?' }).click();
  await flow.getByLabel('Discount code').fill(code.toLowerCase());
  await flow.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/applied: \$24\.00 off, you pay \$96\.00\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'booking-code-applied');
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await expect(page.getByText(`${code}: $24.00 off $120.00. You pay $96.00.`)).toBeVisible();
  await shootBothWidths(page, 'booking-confirmed-with-code');

  // The next booking uses the credit; the confirmation says what remains.
  await chooseTime(page, 5);
  await expect(page.getByRole('radio', { name: `Use 1 credit from ${title}` })).toBeChecked();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(
    page.getByText(
      `Paid with 1 credit from ${title}: nothing to pay. 2 credits left in this package.`,
    ),
  ).toBeVisible();
  await shootBothWidths(page, 'booking-confirmed-with-credit');

  await page.goto('/dash/bookings');
  await expect(page.getByText('Paid with a package credit:')).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'dash-bookings-credit');

  // The code on a package offer: the price with it before buying.
  await page.goto('/consultation');
  const offer = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await offer.getByRole('button', { name: 'Have a discount code?' }).click();
  await offer.getByLabel('Discount code').fill(code);
  await offer.getByRole('button', { name: 'Apply' }).click();
  await expect(offer.getByText(/applied: \$60\.00 off, you pay \$240\.00\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(offer, 'package-code-applied');

  // The owner sees the code's use.
  await owner.goto('/admin/config?tab=coupons');
  await owner.getByRole('button', { name: `Redemptions of ${code}` }).click();
  const uses = owner.getByRole('list', { name: `Redemptions of ${code}` });
  await expect(uses.getByText(client.name)).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'config-discount-code-redemptions');
  await owner.getByRole('button', { name: `Edit ${code}` }).click();
  await expect(owner.getByRole('button', { name: `Save ${code}` })).toBeVisible();
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'config-discount-code-edit');
  await ownerContext.close();
});
