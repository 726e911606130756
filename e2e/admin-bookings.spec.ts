import type { Page } from '@playwright/test';
import { BOOKING_MESSAGES, DAY_MS } from '@consult/shared';
import { ADMIN, bearerOf, openSignedIn, signIn } from './support/accounts';
import { pickDate } from './support/booking';
import { test, expect, expectAccessibleWithoutToasts } from './support/fixtures';
import { DESKTOP, MOBILE } from './support/public-site';
import { issueReceipt } from './support/receipts';

// 403: the guards' refresh before signing in; 409: deleting a service that has bookings.
test.use({ expectedApiStatuses: [403, 409] });
test.describe.configure({ timeout: 120_000 });

/** The e2e server keeps the default rules: the owner works in Asia/Karachi, Monday to Friday. */
const OWNER_ZONE = 'Asia/Karachi';

function ownerDay(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: OWNER_ZONE }).format(
    new Date(Date.now() + offsetDays * DAY_MS),
  );
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The first day at least `minDays` ahead whose weekday passes `accept` (0 = Sunday). */
/** The owner's first accepted day at least `minDays` ahead, or the one `skip` accepted days later. */
function dayAhead(minDays: number, accept: (day: number) => boolean, skip = 0): string {
  for (let offset = minDays, left = skip; ; offset += 1) {
    const date = ownerDay(offset);
    if (!accept(weekday(date))) continue;
    if (left === 0) return date;
    left -= 1;
  }
}

/** The intro call's free times from 19:00 on `date`, in the owner's zone: no other test books them. */
async function eveningSlotsOn(page: Page, date: string): Promise<number> {
  const response = await page.request.get(
    `/api/availability?service=intro-call&from=${date}&to=${date}&timeZone=${OWNER_ZONE}`,
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { days: { slots: string[] }[] };
  const hour = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    hourCycle: 'h23',
    timeZone: OWNER_ZONE,
  });
  return body.days
    .flatMap((day) => day.slots)
    .filter((slot) => Number(hour.format(new Date(slot))) >= 19).length;
}

for (const viewport of [DESKTOP, MOBILE]) {
  test(`the owner books for a client, marks it paid, moves it and cancels it (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The two widths run side by side: each books its own weekday and moves the booking to its own
    // evening hour, so neither takes (or cancels) the other's. Not a Monday: the hours test below
    // opens Monday evenings for a while.
    const [evening, eveningEnd] = viewport === DESKTOP ? ['20:00', '21:00'] : ['21:30', '22:30'];
    await page.goto('/signin');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/upcoming$/);
    await expect(page.getByRole('heading', { name: 'Upcoming', level: 1 })).toBeVisible();
    await expect(page.getByText('Times in Asia/Karachi.')).toBeVisible();
    await expectAccessibleWithoutToasts(page);

    // Book for a client: the owner's own account stands in for a client, so the run adds no
    // sign-up to the suite's per-IP registration budget.
    const day = dayAhead(2, (d) => d >= 2 && d <= 5, viewport === DESKTOP ? 0 : 1);
    await page.goto('/admin/bookings');
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
    await expectAccessibleWithoutToasts(page);
    await page.getByRole('button', { name: 'Book for a client' }).click();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    const problems = page.getByRole('alert');
    await expect(problems.filter({ hasText: BOOKING_MESSAGES.clientRequired })).toBeVisible();
    await expect(problems.filter({ hasText: BOOKING_MESSAGES.serviceRequired })).toBeVisible();
    await expect(problems.filter({ hasText: BOOKING_MESSAGES.timeRequired })).toBeVisible();
    await page.getByLabel('Client: search by name or e-mail').fill('admin@e2e');
    await page.getByRole('button', { name: /admin@e2e\.test/ }).click();
    await page.getByLabel('Service', { exact: true }).selectOption('strategy-session');
    await page.getByLabel('Day', { exact: true }).fill(day);
    const slots = page.getByRole('radiogroup', { name: /Free times on/ });
    // The day's last slot: other tests book the earliest ones. The radio is visually hidden inside
    // its time label, which is what a person clicks.
    await slots.locator('label').last().click();
    await expect(slots.getByRole('radio').last()).toBeChecked();
    await page.getByLabel('Notes (optional)').fill('Booked by the e2e test');
    await expectAccessibleWithoutToasts(page);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page).toHaveURL(/booking=/);
    const detail = page.getByRole('region', { name: /Strategy session with/ });
    await expect(detail).toBeVisible();
    await expect(detail.getByText('Booked by the e2e test')).toBeVisible();
    await expect(detail.getByText('Payment due')).toBeVisible();
    await expectAccessibleWithoutToasts(page);

    // Marking paid asks how and when, on the booking's payment.
    await detail.getByRole('link', { name: 'Mark paid…' }).click();
    await expect(page).toHaveURL(/\/admin\/payments\?payment=/);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    const markPaid = page.getByRole('dialog', { name: 'Mark as paid' });
    await markPaid.getByLabel('How was it paid?').selectOption('cash');
    // The other width's journey may take the promised number first: the next one is issued then.
    await issueReceipt(page);
    await page.goBack();
    await expect(detail.getByText(/^Paid /)).toBeVisible();

    // Reschedule to an evening the weekly hours do not offer.
    await detail.getByRole('button', { name: 'Reschedule' }).click();
    await detail.getByRole('radio', { name: 'Any time' }).check();
    await detail.getByLabel('Start time').fill(evening);
    await detail.getByRole('checkbox', { name: /Outside my hours/ }).check();
    await expectAccessibleWithoutToasts(page);
    await detail.getByRole('button', { name: 'Move booking' }).click();
    await expect(page.getByText(new RegExp(`^Moved to .*${evening}`))).toBeVisible();
    await expect(detail.getByText('Rescheduled', { exact: true })).toBeVisible();
    await expect(detail.getByText(new RegExp(evening)).first()).toBeVisible();

    // The timeline shows it on its day; cancel it from there with a reason.
    await page.goto('/admin/upcoming');
    // The day is a list item too; the booking is the innermost match.
    const entry = page
      .getByRole('listitem')
      .filter({ hasText: 'Strategy session' })
      .filter({ hasText: `${evening}–${eveningEnd}` })
      .last();
    await expect(entry).toBeVisible();
    await entry.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
    await page.keyboard.type('Travelling that day');
    await expectAccessibleWithoutToasts(page);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText(/cancelled\. The client is told by e-mail\./)).toBeVisible();
    await expect(entry).toBeHidden();
    await page.getByLabel('Show cancelled and expired').check();
    await expect(entry.getByText('Cancelled', { exact: true })).toBeVisible();

    // The history names who did what.
    await entry.getByRole('link', { name: /^Open/ }).click();
    await expect(detail.getByText('Reason: Travelling that day')).toBeVisible();
    await expect(detail.getByText(/\(owner\)/).first()).toBeVisible();
    await detail.getByRole('link', { name: 'All their bookings' }).click();
    await expect(page.getByText(/One client’s bookings: /)).toBeVisible();
    await expect(page.getByRole('link', { name: /Strategy session/ }).first()).toBeVisible();
  });
}

/**
 * The owner books the strategy session for themselves, at an hour nobody else books, and cancels
 * it: whatever runs first, the service then has a booking.
 */
async function giveStrategySessionABooking(page: Page) {
  const authorization = await bearerOf(page.request, ADMIN);
  const me = await page.request.get('/api/user', { headers: { authorization } });
  const clientId = ((await me.json()) as { id: string }).id;
  // 23:00 in Karachi (18:00 UTC), three weeks ahead.
  const start = new Date(Date.now() + 21 * DAY_MS);
  start.setUTCHours(18, 0, 0, 0);
  const made = await page.request.post('/api/admin/bookings', {
    headers: { authorization },
    data: { clientId, service: 'strategy-session', start: start.toISOString(), outsideHours: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const cancelled = await page.request.post(`/api/admin/bookings/${id}/cancel`, {
    headers: { authorization },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

test('the configuration refuses what cannot be, and new hours reach /consultation', async ({
  page,
}) => {
  // A service with bookings cannot be deleted.
  await giveStrategySessionABooking(page);
  await openSignedIn(page, ADMIN, '/admin/config');
  await expect(page.getByRole('heading', { name: 'Configuration', level: 1 })).toBeVisible();
  // The services, the hours and the rules fit a phone: nothing wider than the window, axe clean.
  await page.setViewportSize(MOBILE);
  await expect(page.getByRole('button', { name: 'Save hours and rules' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    MOBILE.width,
  );
  await expectAccessibleWithoutToasts(page);
  await page.setViewportSize(DESKTOP);
  await expectAccessibleWithoutToasts(page);
  await page.getByRole('button', { name: 'Delete Strategy session' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this service?' });
  await remove.getByRole('button', { name: 'Delete service' }).click();
  await expect(remove.getByRole('alert')).toHaveText(BOOKING_MESSAGES.serviceHasBookings);
  await remove.getByRole('button', { name: 'Keep it' }).click();

  // Overlapping intervals are refused with the shared message.
  const monday = page.getByRole('group', { name: 'Monday' });
  await monday.getByRole('button', { name: 'Add hours to Monday' }).click();
  const from = monday.getByLabel('Monday, interval 2, from');
  const to = monday.getByLabel('Monday, interval 2, to');
  await from.fill('16:00');
  await page.getByRole('button', { name: 'Save hours and rules' }).click();
  await expect(monday.getByText(BOOKING_MESSAGES.intervalsOverlap('Monday'))).toBeVisible();
  await expectAccessibleWithoutToasts(page);

  // An evening on Mondays adds evening slots to /consultation's availability; the preview shows
  // them before saving. Evenings only, so tests booking a morning slot meanwhile are not disturbed.
  // A Monday past the days the journeys above book on.
  const nextMonday = dayAhead(9, (d) => d === 1);
  expect(await eveningSlotsOn(page, nextMonday)).toBe(0);
  await from.fill('20:00');
  await to.fill('22:00');
  await page.getByLabel('Day', { exact: true }).fill(nextMonday);
  // The buffer keeps the first slot a quarter past the opening.
  await expect(
    page
      .getByRole('list', { name: 'Preview slots' })
      .getByText(/^20:\d\d$/)
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save hours and rules' }).click();
  await expect(page.getByText('Your hours and rules are saved.')).toBeVisible();
  await expect.poll(() => eveningSlotsOn(page, nextMonday)).toBeGreaterThan(0);

  // A visitor sees them on /consultation: that Monday, in the owner's zone, now has evening times.
  const visitor = await page.context().newPage();
  await visitor.goto('/consultation?service=intro-call');
  await visitor.getByLabel('Time zone').selectOption(OWNER_ZONE);
  await pickDate(visitor, nextMonday);
  await expect(visitor.getByRole('button', { name: /^20:\d\d$/ }).first()).toBeVisible();
  await visitor.close();

  // Back to the usual hours, as the other tests expect.
  await monday.getByRole('button', { name: 'Remove Monday interval 2' }).click();
  await page.getByRole('button', { name: 'Save hours and rules' }).click();
  const hoursForm = page.getByRole('form', { name: 'Hours and booking rules' });
  await expect(hoursForm.getByText('All changes saved')).toBeVisible();
  await expect.poll(() => eveningSlotsOn(page, nextMonday)).toBe(0);
});
