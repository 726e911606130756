import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { signIn } from './support/accounts';
import { expect, expectNoAxeViolations, shootBothWidths, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';
import { DESKTOP } from './support/public-site';

// A server of this file's own (one per worker that runs its tests, which only read it), so the
// figures are this history's alone: seven bookings of the last month (five completed and paid, a
// no-show, a cancellation), one made now for next week (made in the range, starting after it) and
// one new client.
test.describe.configure({ timeout: 60_000 });

const OWNER = { email: 'metrics-owner@e2e.test', password: 'metrics-owner-password-42' };
let server: OwnServer;

test.beforeAll(async () => {
  // Starting a server (a new database, its migrations) is slow on a busy machine.
  test.setTimeout(90_000);
  server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  await server.sql(`
    insert into users (email, password_hash, name, role, email_verified_at, created_at)
    values ('metrics-client@e2e.test', 'not-a-hash', '=Formula Client', 'user', now(), now() - interval '3 days');
    insert into bookings (reference, client_id, service_id, service_slug, service_title, duration_minutes,
      meeting_mode, price_minor, currency, start_at, end_at, blocked_until, state)
    select 'MET' || (v.d + 100), u.id, s.id, s.slug, s.title, 60, 'video', 12000, 'USD', x.t, x.t + interval '1 hour',
      x.t + interval '1 hour', v.st
    from users u
    cross join (select * from services order by position limit 1) s
    cross join (values (2, 'completed'), (5, 'completed'), (9, 'completed'), (12, 'no_show'),
      (15, 'completed'), (20, 'cancelled'), (25, 'completed'), (-7, 'confirmed')) v(d, st)
    cross join lateral (select date_trunc('hour', now()) - make_interval(days => v.d) as t) x
    where u.email = 'metrics-client@e2e.test';
    insert into payments (booking_id, client_id, amount_minor, currency, provider, status, paid_at)
    select id, client_id, 12000, 'USD', 'manual', 'paid', start_at from bookings where state = 'completed';
  `);
});
test.afterAll(() => server?.stop());

/** The owner signed in on /admin/metrics in a browser of the test's own, on this file's server. */
async function openMetrics(browser: Browser) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: DESKTOP,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto('/signin');
  await signIn(page, OWNER.email, OWNER.password);
  // Where /admin sends the owner; the area's links are clicked from there.
  await expect(page).toHaveURL(/\/admin\/upcoming$/);
  await page
    .getByRole('navigation', { name: 'Admin', exact: true })
    .getByRole('link', { name: 'Metrics' })
    .click();
  await expect(page.getByRole('heading', { name: 'Metrics', level: 1 })).toBeVisible();
  return { context, page };
}

test('the owner reads the last 30 days with charts and downloads the CSV', async ({ browser }) => {
  const { context, page } = await openMetrics(browser);
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const figure = (title: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });
  await expect(figure('Bookings that start in this range')).toContainText('7');
  await expect(figure('Bookings made in this range')).toContainText('8');
  await expect(figure('No-show rate')).toContainText('16.7 %');
  await expect(figure('Revenue (paid minus refunded)')).toContainText('$600.00');
  await expect(figure('New clients')).toContainText('1');
  // Both charts drawn, each with its summary and its table for screen readers.
  await expect(page.locator('figure canvas')).toHaveCount(2);
  await expect(page.getByText(/^7 bookings over \d weeks; the busiest week began/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Net revenue per month in USD' })).toBeAttached();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'admin-metrics');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download bookings (CSV)' }).click();
  const file = await readFile((await (await download).path())!, 'utf8');
  const lines = file.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Booking,Start,End,Time zone,State,/);
  expect(lines).toHaveLength(8);
  expect(file).toContain("'=Formula Client");
  await context.close();
});

test('the owner picks other ranges: a reversed one is refused, an empty one says so, This year', async ({
  browser,
}) => {
  const { context, page } = await openMetrics(browser);
  // A reversed custom range is refused on the spot, with the server's words.
  await page.getByLabel('From', { exact: true }).fill('2026-03-15');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page.getByText('The end date must be on or after the start date')).toBeVisible();

  // A range before the practice opened: said to be empty, rates "—" with their reasons.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText('An empty range')).toBeVisible();
  await expect(page.getByText('No completed or missed meetings in this range')).toBeVisible();
  await expect(page.locator('figure canvas')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'admin-metrics-empty');

  await page.getByRole('button', { name: 'This year' }).click();
  await expect(page).toHaveURL(/from=\d{4}-01-01&to=/);
  await expect(page.getByRole('button', { name: 'This year' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await context.close();
});
