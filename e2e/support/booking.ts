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

export function timeButtons(scope: Page | Locator) {
  return scope.getByRole('button', { name: /^\d\d:\d\d$/ });
}
