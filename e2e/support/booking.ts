/** Booking steps shared by the browser tests: choosing a day and a time in the slot picker. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Chooses the nth day with free times in the picker inside `scope`; returns its name. */
export async function pickDay(scope: Page | Locator, nth: number): Promise<string> {
  const calendar = scope.getByRole('group', { name: /: choose a day$/ });
  let index = nth;
  for (let month = 0; month < 3; month += 1) {
    await expect(calendar).toBeVisible();
    const days = calendar.getByRole('button', { name: /, available$/ });
    const count = await days.count();
    if (count > index) {
      const day = days.nth(index);
      const name = (await day.getAttribute('aria-label'))!.replace(/, available$/, '');
      await day.click();
      await expect(day).toHaveAttribute('aria-pressed', 'true');
      return name;
    }
    index -= count;
    const shown = await calendar.getAttribute('aria-label');
    await scope.getByRole('button', { name: /^Next month/ }).click();
    await expect(calendar).not.toHaveAttribute('aria-label', shown!);
  }
  throw new Error(`Fewer than ${nth + 1} days with free times in three months`);
}

/**
 * Chooses the day `date` (YYYY-MM-DD) in the picker on `page`, this month's or next month's, as
 * the picker names it (a date names the same day in every zone).
 */
export async function pickDate(page: Page, date: string): Promise<void> {
  const noon = new Date(`${date}T12:00:00Z`);
  const named = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(noon);
  const dayName = named({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const monthName = named({ month: 'long', year: 'numeric' });
  const calendar = page.getByRole('group', { name: /: choose a day$/ });
  await expect(calendar).toBeVisible();
  if ((await calendar.getAttribute('aria-label')) !== `${monthName}: choose a day`) {
    await page.getByRole('button', { name: /^Next month/ }).click();
  }
  await expect(calendar).toHaveAttribute('aria-label', `${monthName}: choose a day`);
  await page.getByRole('button', { name: `${dayName}, available` }).click();
}

export function timeButtons(scope: Page | Locator) {
  return scope.getByRole('button', { name: /^\d\d:\d\d$/ });
}
