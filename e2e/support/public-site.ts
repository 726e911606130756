/** Helpers of the public-site browser tests (landing, contact popup). */
import { expect, type Page } from '@playwright/test';

export const MOBILE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Opens the popup from the header (the slide-in menu on small screens) and returns the dialog. */
export async function openContactFromHeader(page: Page) {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 768) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Contact Me' })
      .click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Contact Me' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Contact Me' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeVisible();
  return dialog;
}

/** Whether the page can scroll now (false while a menu or popup locks it). */
export function pageScrollLocked(page: Page) {
  return page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');
}

/** Holds the contact call back on its way, so the popup's sending state can be seen; the real server answers. */
export async function slowContactCalls(page: Page, delayMs: number) {
  await page.route('**/api/contactMe', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}
