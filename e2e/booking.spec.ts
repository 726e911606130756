import ICAL from 'ical.js';
import type { Page, Route } from '@playwright/test';
import { BOOKING_MESSAGES } from '@consult/shared';
import { confirmEmail, newAccount, signIn, signUp, signedInClient } from './support/accounts';
import {
  test,
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
} from './support/fixtures';
import { waitForMail, type CapturedMail } from './support/mail';
import { pickDay, timeButtons } from './support/booking';
import { DESKTOP, MOBILE } from './support/public-site';

// Answers provoked on purpose: the slot taken meanwhile (409).
test.use({ expectedApiStatuses: [409], timezoneId: 'America/New_York' });
// Whole journeys (sign-up with its proof of work, mails, booking, changes) take longer than 30 s.
test.describe.configure({ timeout: 120_000 });

/**
 * Every test books on days of its own (the owner has one calendar, and tests run in parallel):
 * the nth day with free times, counted from today across months. The first two are skipped: a
 * booking there may already be inside the 24-hour cutoff, when it can no longer be changed.
 */
const DAY_OF = { desktopJourney: 2, mobileJourney: 3, takenMeanwhile: 4 } as const;

function inviteOf(mail: CapturedMail) {
  const file = mail.attachments?.find(
    (attachment) =>
      attachment.contentType.startsWith('text/calendar') || attachment.filename?.endsWith('.ics'),
  );
  expect(file, `an .ics attached to "${mail.subject}"`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file!.content));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

async function openDashLink(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard (menu)' })
      .getByRole('link', { name })
      .click();
  } else {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).click();
  }
}

for (const [label, viewport, dayIndex] of [
  ['1280 px', DESKTOP, DAY_OF.desktopJourney],
  ['375 px', MOBILE, DAY_OF.mobileJourney],
] as const) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('a new client picks a time, signs up, comes back to it, books, reschedules and cancels', async ({
      page,
    }) => {
      const account = newAccount(`booking-${viewport.width}`);

      // Choosing is public: the landing's "Book" link preselects the service.
      await page.goto('/consultation?service=intro-call');
      await expect(page.getByRole('radio', { name: /Intro call/ })).toBeChecked();
      await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');
      const dayName = await pickDay(page, dayIndex);
      await expectNoAxeViolations(page);
      const slot = timeButtons(page).first();
      const time = (await slot.textContent())!;
      // The repeat option's card comes with the time, not later: on a slow connection a card of
      // its own chunk arrived above "Confirm booking" and moved it from under the pointer.
      const slowScripts = async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      };
      await page.route('**/*.js', slowScripts);
      await slot.click();
      await expect(slot).toHaveAttribute('aria-pressed', 'true');
      expect(await page.getByRole('checkbox', { name: 'Repeat this session' }).isVisible()).toBe(
        true,
      );
      await page.unroute('**/*.js', slowScripts);
      const confirm = page.getByRole('button', { name: 'Confirm booking' });
      await page.getByLabel(/Notes for the consultant/).fill('Pricing for a second shop.');
      const choice = page.getByText(`Intro call, ${dayName}, ${time}`);
      await expect(choice).toBeVisible();

      // Signed out, confirming asks for an account and keeps the choice.
      await confirm.click();
      await expect(page.getByText('One step left: sign in to confirm')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await signUp(page, account);
      await confirmEmail(page, account);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, account.email, account.password);

      // Back on /consultation with the same service, time and notes.
      await expect(page).toHaveURL(/\/consultation\?service=intro-call$/);
      await expect(page.getByText('Welcome back')).toBeVisible();
      await expect(choice).toBeVisible();
      await expect(page.getByLabel(/Notes for the consultant/)).toHaveValue(
        'Pricing for a second shop.',
      );
      await expect(page.getByRole('button', { name: time, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/bookings') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Confirm booking' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      const booking = (await response.json()) as { id: string; start: string };
      await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
      await expect(page.getByText(`${dayName}, ${time} to`)).toBeVisible();
      await expect(page.getByText(/https:\/\/meet\.jit\.si\/consult-/)).toBeVisible();
      await expectNoAxeViolations(page);

      // The invite downloads with the session's token.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.ics$/);

      // The confirmation mail carries a valid invite for that time.
      const confirmed = inviteOf(await waitForMail(account.email, /^Booking confirmed/));
      expect(confirmed.method).toBe('REQUEST');
      expect(confirmed.start).toBe(new Date(booking.start).toISOString());

      // /dash shows it first.
      await page.getByRole('link', { name: 'See your bookings' }).click();
      await expect(page).toHaveURL(/\/dash$/);
      const next = page.getByRole('region', { name: 'Your next consultation' });
      await expect(next.getByRole('heading', { name: 'Intro call' })).toBeVisible();
      await expect(next.getByText(`${dayName}, ${time} to`)).toBeVisible();
      await expect(next.getByText('Confirmed', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      // Reschedule from /dash/bookings with the same picker.
      await openDashLink(page, 'Bookings');
      await expect(page).toHaveURL(/\/dash\/bookings$/);
      await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule Intro call' });
      await expect(dialog).toBeVisible();
      // The same nth free day, which is another day when the booking took a day's last free time.
      const newDayName = await pickDay(dialog, dayIndex);
      // A time from the middle of the day: its last times share the owner's next morning with the
      // first times of the next visitor day, which the test running beside this one books.
      const times = timeButtons(dialog);
      const later = times.nth(Math.floor((await times.count()) / 2));
      const laterTime = (await later.textContent())!;
      await later.click();
      await expect(dialog.getByText(`New time: ${newDayName}, ${laterTime}`)).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Move to this time' }).click();
      await expect(page.getByText(/^Moved to/)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`${newDayName}, ${laterTime} to`)).toBeVisible();
      const moved = inviteOf(await waitForMail(account.email, /^Booking moved/));
      expect(moved.uid).toBe(confirmed.uid);
      expect(moved.sequence).toBe(confirmed.sequence + 1);

      // Cancel, after a confirmation.
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      const cancelDialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await expect(cancelDialog).toBeVisible();
      await expectNoAxeViolations(page);
      await cancelDialog.getByLabel('Reason (optional)').fill('Found the answer myself.');
      await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
      const toast = page.getByText(/Your booking is cancelled/);
      await expect(toast).toBeVisible();
      await expect(page.getByText('No upcoming consultations.')).toBeVisible();
      const past = page.getByRole('region', { name: 'Past' });
      await expect(past.getByText('Intro call')).toBeVisible();
      await expect(past.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(past.getByText('Page 1 of 1')).toBeVisible();
      await expectAccessibleWithoutToasts(page);
      const cancelled = inviteOf(await waitForMail(account.email, /^Booking cancelled/));
      expect(cancelled.method).toBe('CANCEL');
      expect(cancelled.uid).toBe(confirmed.uid);
    });
  });
}

test('a time taken by another session meanwhile offers the nearest free ones', async ({
  page,
  browser,
}) => {
  await signedInClient(page, 'taken-first');
  await page.goto('/consultation?service=intro-call');
  await pickDay(page, DAY_OF.takenMeanwhile);
  const wanted = timeButtons(page).first();
  const time = (await wanted.textContent())!;
  await wanted.click();

  // Someone else books the same time first, in another browser.
  const otherContext = await browser.newContext({ timezoneId: 'America/New_York' });
  const other = await otherContext.newPage();
  await signedInClient(other, 'taken-second');
  await other.goto('/consultation?service=intro-call');
  await pickDay(other, DAY_OF.takenMeanwhile);
  await other.getByRole('button', { name: time, exact: true }).click();
  await other.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(other.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await otherContext.close();

  await page.getByRole('button', { name: 'Confirm booking' }).click();
  const alert = page.getByRole('alert').filter({ hasText: BOOKING_MESSAGES.slotTaken });
  await expect(alert).toBeVisible();
  const nearest = alert.getByRole('button');
  await expect(nearest.first()).toBeVisible();
  await expectNoAxeViolations(page);
  // The calendar was refreshed: the taken time is no longer offered.
  await expect(page.getByRole('button', { name: time, exact: true })).toHaveCount(0);

  // "Tue 24 Nov 2026, 09:00": the choice becomes that time.
  const replacementTime = (await nearest.first().textContent())!.split(', ').pop()!;
  await nearest.first().click();
  await expect(alert).toBeHidden();
  await expect(page.getByText(new RegExp(`^Intro call, .+, ${replacementTime}$`))).toBeVisible();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
});
