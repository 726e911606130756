import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { openSignedIn, signedInClientWithoutMail } from './support/accounts';
import { expect, expectNoAxeViolations, shootBothWidths, test } from './support/fixtures';
import { DESKTOP } from './support/public-site';
import { startOwnServer, type OwnServer } from './support/own-server';

// A server of its own: its offer job must see only this test's bookings and entries, and its
// mail stays in the outbox, where the owner reads the offer.
test.describe.configure({ timeout: 120_000 });

const OWNER = { email: 'waitlist-owner@e2e.test', password: 'waitlist-owner-password-42' };
const SERVICE = 'intro-call';
const DURATION_MS = 20 * 60_000;

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
});
test.afterAll(async () => {
  await server?.stop();
});

async function pageOn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: DESKTOP,
    timezoneId: 'UTC',
  });
  return context.newPage();
}

async function bearer(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth', { data: account });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/** The path of the offer the mail to `to` links, read from the owner's outbox. */
async function offerLinkMailedTo(request: APIRequestContext, to: string): Promise<string> {
  const headers = await bearer(request, OWNER);
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const page = (await (await request.get('/api/admin/outbox', { headers })).json()) as {
          mails: { id: string; to: string | null; subject: string }[];
        };
        id = page.mails.find(
          (mail) => mail.to === to && mail.subject.startsWith('A time freed up'),
        )?.id;
        return Boolean(id);
      },
      { timeout: 20_000, message: `the offer mail to ${to}` },
    )
    .toBe(true);
  const mail = (await (await request.get(`/api/admin/outbox/${id}`, { headers })).json()) as {
    text: string;
  };
  return new URL(mail.text.match(/https?:\/\/\S+\/waitlist\/offers\/[\w-]+/)![0]).pathname;
}

test('a client waits for an hour of another client’s weekly series; when that session is cancelled the offer mail links it and one click books it', async ({
  browser,
}) => {
  // The first client books a weekly series of 4 at an hour three days ahead (through the API:
  // series.spec tests the screens).
  const holderPage = await pageOn(browser);
  const holder = await signedInClientWithoutMail(holderPage, server, 'wl-holder');
  const holderHeaders = await bearer(holderPage.request, holder);
  const firstDay = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const availability = (await (
    await holderPage.request.get(
      `/api/availability?service=${SERVICE}&from=${firstDay}&to=${firstDay}&timeZone=UTC`,
    )
  ).json()) as { days: { date: string; slots: string[] }[] };
  const slots = availability.days.flatMap((entry) => entry.slots);
  const first = slots[Math.floor(slots.length / 2)]!;
  const booked = await holderPage.request.post('/api/bookings/series', {
    headers: holderHeaders,
    data: { service: SERVICE, start: first, every: 'week', count: 4 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const series = (
    (await booked.json()) as { series: { bookings: { id: string; start: string }[] } }
  ).series.bookings;
  expect(series).toHaveLength(4);
  // The waiting client hopes for the second session's hour.
  const { id: bookingId, start } = series[1]!;
  const day = start.slice(0, 10);

  // The second wants exactly that hour (its weekday, its time, that day at the latest).
  const page = await pageOn(browser);
  const waiter = await signedInClientWithoutMail(page, server, 'wl-waiter');
  await page.goto(`/consultation?service=${SERVICE}`);
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  await form.getByLabel('Latest date you would accept').fill(day);
  const weekday = new Date(start).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  await form.getByRole('checkbox', { name: weekday }).check();
  const hhmm = (instant: number) => new Date(instant).toISOString().slice(11, 16);
  await form.getByLabel('Starting from (optional)').fill(hhmm(Date.parse(start)));
  // A slot from the middle of the open hours: its end is on the same day.
  await form.getByLabel('Ending by (optional)').fill(hhmm(Date.parse(start) + DURATION_MS));
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'waitlist-join');
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('You are on the waitlist')).toBeVisible();

  await page.goto('/dash');
  const entries = page.getByRole('list', { name: 'Waitlist entries' });
  await expect(entries).toContainText('Waiting');
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'waitlist-dash');

  // The first cancels: the offer job mails the second at once, and the time is held for them.
  const cancelled = await holderPage.request.post(`/api/bookings/${bookingId}/cancel`, {
    headers: holderHeaders,
    data: {},
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  // The owner's own context: a sign-in in the client's would replace the client's session.
  const owner = await pageOn(browser);
  const link = await offerLinkMailedTo(owner.request, waiter.email);
  const held = (await (
    await holderPage.request.get(
      `/api/availability?service=${SERVICE}&from=${day}&to=${day}&timeZone=UTC`,
    )
  ).json()) as { days: { slots: string[] }[] };
  expect(held.days.flatMap((entry) => entry.slots)).not.toContain(start);

  // The link: the time, how long it is held, and one click to book it.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'A time freed up for you' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'waitlist-offer');
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await page.getByRole('link', { name: 'See this booking' }).click();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();

  // The owner sees the entry booked, with its offer.
  await openSignedIn(owner, OWNER, '/admin/bookings');
  const waitlist = owner.getByRole('list', { name: 'Waitlist entries' });
  await expect(waitlist).toContainText(waiter.name);
  await expect(waitlist).toContainText('Booked');
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'waitlist-owner');
});
