/**
 * Recurring sessions (issue 25): a client repeats a session every week for four weeks, sees a date
 * another client took meanwhile marked as booked, books the three free ones at once and gets one
 * confirmation with one calendar file of three events.
 */
import ICAL from 'ical.js';
import { SERIES_REASON_TEXT, type SeriesPreview } from '@consult/shared';
import { signedInClient } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import { expect, expectNoAxeViolations, shootBothWidths, test } from './support/fixtures';
import { waitForMail } from './support/mail';

test.describe.configure({ timeout: 120_000 });

/**
 * A day of its own (other journeys take the first free days and their first time): the 12th day
 * with free times, and its last time, for four weeks from there.
 */
const SERIES_DAY = 12;

test('a client books a four-week series with one date taken and gets one confirmation', async ({
  page,
  browser,
}) => {
  const client = await signedInClient(page, 'series');
  await page.goto('/consultation?service=intro-call');
  await pickDay(page, SERIES_DAY);
  await timeButtons(page).last().click();

  const previewed = page.waitForResponse((res) =>
    res.url().endsWith('/api/bookings/series/preview'),
  );
  await page.getByRole('checkbox', { name: 'Repeat this session' }).check();
  const { occurrences } = (await (await previewed).json()) as SeriesPreview;
  expect(occurrences).toHaveLength(4);
  const dates = page.getByRole('list', { name: 'The dates of the series' });
  await expect(dates.getByText('Free')).toHaveCount(4);

  // Another client books the third date meanwhile.
  const other = await browser.newPage();
  const otherAccount = await signedInClient(other, 'series-other');
  const token = await other.request.post('/api/auth', {
    data: { email: otherAccount.email, password: otherAccount.password },
  });
  const { accessToken } = (await token.json()) as { accessToken: string };
  const taken = await other.request.post('/api/bookings', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { service: 'intro-call', start: occurrences[2]!.start },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  await other.close();

  // Asking again (another count, then back) shows it taken.
  await page.getByLabel('How many sessions').selectOption('5');
  await page.getByLabel('How many sessions').selectOption('4');
  await expect(dates.getByText(SERIES_REASON_TEXT.booked)).toBeVisible();
  await expect(dates.getByText('Free')).toHaveCount(3);
  await expectNoAxeViolations(page);
  await shootBothWidths(page, 'series-preview');

  await page.getByRole('button', { name: 'Book 3 sessions' }).click();
  await expect(page.getByText('Your 3 sessions are booked')).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForMail(client.email, /^Sessions booked/);
  const file = mail.attachments?.find((attachment) => attachment.filename === 'invite.ics');
  expect(file).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file!.content));
  expect(calendar.getAllSubcomponents('vevent')).toHaveLength(3);
});
