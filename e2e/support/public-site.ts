/** Helpers of the public-site browser tests (landing, contact popup). */
import { randomUUID } from 'node:crypto';
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

/** A rate-limit bucket of its own, and optional test-only failure modes of the contact route. */
export async function useContactServer(
  page: Page,
  modes: { delayMs?: number; failDb?: boolean; rateKey?: string } = {},
) {
  const headers: Record<string, string> = { 'x-test-rate-key': modes.rateKey ?? randomUUID() };
  if (modes.delayMs) headers['x-test-delay-ms'] = String(modes.delayMs);
  if (modes.failDb) headers['x-test-fail-db'] = '1';
  await page.setExtraHTTPHeaders(headers);
  return headers['x-test-rate-key']!;
}
