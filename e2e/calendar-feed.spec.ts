import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, signedInClient, openSignedIn } from './support/accounts';
import { expect, expectAccessibleWithoutToasts, shootBothWidths, test } from './support/fixtures';

// Signing up with its proof of work takes a while on a busy machine.
test.describe.configure({ timeout: 240_000 });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * Reads a feed as a calendar app would, then again with its ETag: 304, unless the feed changed in
 * between (the owner's holds every booking, and the journeys running beside make some); then the
 * answer is the new feed with a new ETag, which is read again the same way.
 */
async function expectFeed(request: APIRequestContext, url: string) {
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  let body = await first.text();
  expect(body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR$/);
  let etag = first.headers().etag!;
  for (let read = 1; ; read += 1) {
    const again = await request.get(url, { headers: { 'if-none-match': etag } });
    if (again.status() === 304) return;
    expect(again.status(), 'a conditional read of an unchanged feed').toBe(200);
    // A whole answer only for a feed that changed, and never five times in a row.
    expect(again.headers().etag).not.toBe(etag);
    const changed = await again.text();
    expect(changed).not.toBe(body);
    expect(read, 'the feed changed on every read').toBeLessThan(5);
    etag = again.headers().etag!;
    body = changed;
  }
}

async function shownAddress(page: Page): Promise<string> {
  const field = page.getByLabel('Calendar address', { exact: true });
  await expect(field).toBeVisible();
  return field.inputValue();
}

test('the owner makes the calendar address, sees it once, copies it, replaces it and turns it off', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, '/admin/config?tab=calendars');
  const card = page.getByRole('region', { name: 'Bookings in your calendar' });
  // A full load restores the session first: slow on a busy machine.
  await expect(card).toBeVisible({ timeout: 30_000 });

  // An earlier run may have left one on: start from off.
  if (await card.getByRole('button', { name: 'Turn off' }).isVisible()) {
    await card.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  }
  await expect(card.getByText('No calendar address yet.')).toBeVisible();
  await shootBothWidths(page, 'owner-feed-off');

  await card.getByRole('button', { name: 'Make a calendar address' }).click();
  const first = await shownAddress(page);
  expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(card.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    first.replace(/^http:/, 'webcal:'),
  );
  await card.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Calendar address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await shootBothWidths(page, 'owner-feed-shown');
  await expectAccessibleWithoutToasts(page);
  await expectFeed(page.request, first);

  // Shown once: after a reload the card says it is on, without the address.
  await page.reload();
  await expect(card.getByText(/Your calendar address is on, made on/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByLabel('Calendar address', { exact: true })).toHaveCount(0);
  await shootBothWidths(page, 'owner-feed-on');
  await expectAccessibleWithoutToasts(page);

  await card.getByRole('button', { name: 'Make a new address' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make a new address' }).click();
  const second = await shownAddress(page);
  expect(second).not.toBe(first);
  expect((await page.request.get(first)).status()).toBe(404);
  await expectFeed(page.request, second);

  await card.getByRole('button', { name: 'Done' }).click();
  await card.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByText('No calendar address yet.')).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);
});

test('a client subscribes to their own sessions from /dash', async ({ page }) => {
  await signedInClient(page, 'calendar-feed');
  const card = page.getByRole('region', { name: 'Subscribe in your calendar' });
  await expect(card.getByText('No calendar address yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Make a calendar address' }).click();
  const url = await shownAddress(page);
  await expectFeed(page.request, url);
  await shootBothWidths(page, 'client-feed-shown');
  await expectAccessibleWithoutToasts(page);
});
