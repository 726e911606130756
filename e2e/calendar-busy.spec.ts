/**
 * Busy times in (issue 22): the owner adds one of their own calendars, reads it again once an
 * event is added there, the slot preview says why that time is not offered, and /consultation no
 * longer offers it.
 */
import { createServer, type Server } from 'node:http';
import { CALENDAR_SOURCE_MESSAGES, type Availability } from '@consult/shared';
import { calendarWith } from '../apps/server/src/test/ical';
import { openSignedIn } from './support/accounts';
import { pickDate } from './support/booking';
import { expect, expectAccessibleWithoutToasts, shootBothWidths, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

const OWNER = { email: 'calendars-owner@e2e.test', password: 'calendars-owner-password-42' };
const OWNER_ZONE = 'Asia/Karachi';
const SESSION_MS = 60 * 60_000;

// A sign-in, two reads of a calendar, the preview and /consultation: more than one page's 30 s.
test.describe.configure({ timeout: 90_000 });
test.use({ timezoneId: OWNER_ZONE });

let server: OwnServer;
/** The owner's calendar, as their calendar app publishes it. */
let personal: Server;
let personalUrl: string;
let personalText = calendarWith();

test.beforeAll(async () => {
  personal = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(personalText);
  });
  await new Promise<void>((resolve) => personal.listen(0, '127.0.0.1', resolve));
  const address = personal.address();
  if (!address || typeof address === 'string') throw new Error('no address for the calendar');
  personalUrl = `http://127.0.0.1:${address.port}/personal.ics`;
  // A calendar on this machine: the server may read http and private addresses only when told.
  server = await startOwnServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    CALENDAR_FETCH_ALLOW_PRIVATE: 'true',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => personal?.close(resolve));
});

const hourMinute = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: OWNER_ZONE,
  }).format(new Date(instant));

test('the owner adds a calendar, reads it again after a new event, the preview says why the time is not offered, and /consultation no longer offers it', async ({
  page,
}) => {
  // A time /consultation offers now: the second of the first day with at least three.
  const today = new Date().toISOString().slice(0, 10);
  const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const offered = (await (
    await page.request.get(
      `${server.baseURL}/api/availability?service=strategy-session&from=${today}&to=${inTwoWeeks}&timeZone=${OWNER_ZONE}`,
    )
  ).json()) as Availability;
  const day = offered.days.find((candidate) => candidate.slots.length >= 3);
  if (!day) throw new Error('no day with three free times in two weeks');
  const taken = day.slots[1]!;
  const stillFree = day.slots.at(-1)!;

  await openSignedIn(page, OWNER, `${server.baseURL}/admin/config?tab=calendars`);
  const card = page.getByRole('region', { name: 'Your calendars' });
  await expect(card.getByText('No calendars yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a calendar' }).click();
  await card.getByLabel('Name').fill('Personal');
  await card.getByLabel('Calendar address', { exact: true }).fill(personalUrl);
  await card.getByRole('button', { name: 'Add calendar' }).click();
  await expect(page.getByText(CALENDAR_SOURCE_MESSAGES.added)).toBeVisible();
  const item = card.getByRole('list', { name: 'Your calendars' }).getByRole('listitem');
  await expect(item.getByRole('heading', { name: 'Personal' })).toBeVisible();
  await expect(item.getByText(/: 0 events, 0 busy times$/)).toBeVisible();

  // The dentist is booked in the owner's own calendar: read now, without waiting for the schedule.
  personalText = calendarWith({
    start: taken,
    end: new Date(Date.parse(taken) + SESSION_MS).toISOString(),
    summary: 'Dentist',
  });
  await item.getByRole('button', { name: 'Read now' }).click();
  await expect(page.getByText(CALENDAR_SOURCE_MESSAGES.refreshed)).toBeVisible();
  await expect(item.getByText(/: 1 event, 1 busy time$/)).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'calendars-read');

  // The preview of that day says why the dentist's hour is not offered; the day's last is.
  await page.goto(`${server.baseURL}/admin/config`);
  await page.getByLabel('Service', { exact: true }).selectOption('strategy-session');
  await page.getByLabel('Day', { exact: true }).fill(day.date);
  const refused = page.getByRole('list', { name: 'Times not offered' }).getByRole('listitem');
  await expect(refused.filter({ hasText: hourMinute(taken) })).toContainText(
    'busy in Personal: Dentist',
  );
  await expect(
    page.getByRole('list', { name: 'Preview slots' }).getByText(hourMinute(stillFree)),
  ).toBeVisible();
  await shootBothWidths(page, 'calendars-preview');

  // A visitor on /consultation: the day still has times, the dentist's is not among them, and
  // nothing of the event leaves the owner's screens.
  const visitor = await page.context().browser()!.newPage({ timezoneId: OWNER_ZONE });
  const answers: string[] = [];
  visitor.on('response', (response) => {
    if (response.url().includes('/api/availability')) {
      void response.text().then((text) => answers.push(text));
    }
  });
  await visitor.goto(`${server.baseURL}/consultation?service=strategy-session`);
  await pickDate(visitor, day.date);
  await expect(visitor.getByRole('button', { name: hourMinute(stillFree) })).toBeVisible();
  await expect(visitor.getByRole('button', { name: hourMinute(taken) })).toHaveCount(0);
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.join('')).not.toContain('Dentist');
  await visitor.close();
});
