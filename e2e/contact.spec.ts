import { CONTACT_MESSAGES as M, CONTACT_RATE_LIMIT, TOAST_AUTO_CLOSE_MS } from '@consult/shared';
import { test, expect, expectNoAxeViolations } from './support/fixtures';
import { waitForMail } from './support/mail';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  DESKTOP,
  MOBILE,
  openContactFromHeader,
  pageScrollLocked,
  slowContactCalls,
} from './support/public-site';
import type { Locator, Page } from '@playwright/test';

async function fillValid(dialog: Locator, name: string) {
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Phone').fill('+92 300 1234567');
  await dialog.getByLabel('E-mail').fill('visitor@example.com');
  await dialog.getByLabel('Type of request').selectOption({ label: 'Support' });
  await dialog.getByLabel('Message').fill('Could we talk about pricing for my bakery?');
}

function toasts(page: Page) {
  return page.locator('[data-sonner-toaster]');
}

for (const viewport of [DESKTOP, MOBILE]) {
  test.describe(`contact popup at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('opens from the header and from the page, closes three ways, locks scrolling', async ({
      page,
    }) => {
      await page.goto('/');
      const dialog = await openContactFromHeader(page);
      await expect(dialog.getByRole('heading', { name: 'Contact Me' })).toBeVisible();
      expect(await pageScrollLocked(page)).toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      expect(await pageScrollLocked(page)).toBe(false);

      // From the page: the button below the questions; focus goes back to it on Escape.
      const opener = page.locator('main').getByRole('button', { name: 'Contact Me' });
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // The hero's button, closed by a click on the backdrop.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Send me a message' }).click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, viewport.height - 5);
      await expect(dialog).toBeHidden();
      expect(await pageScrollLocked(page)).toBe(false);
    });

    test('keeps focus inside while open and passes axe with its errors showing', async ({
      page,
    }) => {
      await page.goto('/');
      const dialog = await openContactFromHeader(page);
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(dialog.getByText(M.nameEmpty)).toBeVisible();
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await expectNoAxeViolations(page);
    });

    test('the phone keeps its +, and is +92 again whenever the popup opens', async ({ page }) => {
      await page.goto('/');
      let dialog = await openContactFromHeader(page);
      const phone = dialog.getByLabel('Phone');
      await expect(phone).toHaveValue('+92');
      await expect(phone).toHaveAttribute('placeholder', '+92 XXX XXXXXXX');
      await expect(
        dialog.getByText('Format: +[country code] phone number (e.g. +92 for Pakistan)'),
      ).toBeVisible();
      await phone.click();
      await phone.press('End');
      for (let i = 0; i < 5; i += 1) await phone.press('Backspace');
      await expect(phone).toHaveValue('+');
      await phone.press('ControlOrMeta+a');
      await phone.press('Backspace');
      await expect(phone).toHaveValue('+');
      await phone.pressSequentially('4420 7946 0958');
      await expect(phone).toHaveValue('+4420 7946 0958');
      await phone.fill('0300 1234567');
      await expect(phone).toHaveValue('+0300 1234567');

      await dialog.getByLabel('Name').fill('Kept between openings');
      await page.keyboard.press('Escape');
      dialog = await openContactFromHeader(page);
      await expect(dialog.getByLabel('Phone')).toHaveValue('+92');
      await expect(dialog.getByLabel('Name')).toHaveValue('Kept between openings');
    });

    test('shows every message on submit, then updates them while typing', async ({ page }) => {
      await page.goto('/');
      const dialog = await openContactFromHeader(page);
      const name = dialog.getByLabel('Name');
      await name.fill('Jo');
      // Nothing is checked before the first submit.
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(dialog.getByText(M.nameTooShort)).toBeVisible();
      await expect(dialog.getByText(M.phoneTooShort)).toBeVisible();
      await expect(dialog.getByText(M.emailEmpty)).toBeVisible();
      await expect(dialog.getByText(M.messageEmpty)).toBeVisible();
      await expect(name).toHaveAttribute('aria-invalid', 'true');

      await name.pressSequentially('e');
      await expect(dialog.getByText(M.nameTooShort)).toBeHidden();
      await name.fill('x'.repeat(31));
      await expect(dialog.getByText('Name must be less than 30 characters long')).toBeVisible();
      await name.fill('');
      await expect(dialog.getByText(M.nameEmpty)).toBeVisible();

      const phone = dialog.getByLabel('Phone');
      await phone.fill('+92 123 4567890');
      await expect(dialog.getByText(M.phoneInvalid)).toBeVisible();
      await phone.fill('+92 300 1234 5678 901');
      await expect(dialog.getByText(M.phoneTooLong)).toBeVisible();
      await phone.fill('+0300 1234567');
      await expect(dialog.getByText(M.phoneStart)).toBeVisible();
      await phone.fill('+92 300 1234567');
      await expect(dialog.getByText(M.phoneStart)).toBeHidden();

      const email = dialog.getByLabel('E-mail');
      await email.fill('visitor@');
      await expect(dialog.getByText(M.emailInvalid)).toBeVisible();
      await email.fill('visitor@studio.photography');
      await expect(dialog.getByText(M.emailInvalid)).toBeHidden();

      const message = dialog.getByLabel('Message');
      await message.fill('123456789');
      await expect(dialog.getByText('Message must be at least 10 characters long')).toBeVisible();
      await message.fill('x'.repeat(501));
      await expect(dialog.getByText('Message must be less than 500 characters long')).toBeVisible();
      await message.fill('1234567890');
      await expect(dialog.getByText(/Message must be/)).toBeHidden();

      await expect(dialog.getByLabel('Type of request').locator('option')).toHaveText([
        'General Inquiry',
        'Support',
        'Feedback',
      ]);
    });

    test('reads Sending... while the server is slow, then toasts, resets and closes', async ({
      page,
    }) => {
      await slowContactCalls(page, 1500);
      await page.goto('/');
      const dialog = await openContactFromHeader(page);
      const name = `Visitor ${viewport.width} ${Date.now() % 100000}`;
      await fillValid(dialog, name);
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      const sending = dialog.getByRole('button', { name: 'Sending...' });
      await expect(sending).toBeVisible();
      await expect(sending).toBeDisabled();

      const toast = toasts(page).getByText('Message sent successfully!');
      await expect(toast).toBeVisible();
      await expect(dialog).toBeHidden();
      // Toasts: top-right from 768 px, top-center below.
      await expect(toasts(page)).toHaveAttribute('data-y-position', 'top');
      await expect(toasts(page)).toHaveAttribute(
        'data-x-position',
        viewport.width >= 768 ? 'right' : 'center',
      );
      const box = (await toast.boundingBox())!;
      if (viewport.width >= 768) expect(box.x + box.width).toBeGreaterThan(viewport.width - 60);
      else expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(20);
      expect(box.y).toBeLessThan(100);

      // Auto-close after 6000 ms.
      const shownAt = Date.now();
      await page.mouse.move(1, viewport.height - 1);
      await expect(toast).toBeHidden({ timeout: TOAST_AUTO_CLOSE_MS + 3000 });
      expect(Date.now() - shownAt).toBeGreaterThan(TOAST_AUTO_CLOSE_MS - 1500);

      await openContactFromHeader(page);
      await expect(dialog.getByLabel('Name')).toHaveValue('');
      await expect(dialog.getByLabel('Message')).toHaveValue('');
      await expect(dialog.getByLabel('Phone')).toHaveValue('+92');

      const mail = await waitForMail('owner@e2e.test', new RegExp(name));
      expect(mail.subject).toBe(`New contact message (Support) from ${name}`);
      expect(mail.text).toContain('Could we talk about pricing for my bakery?');
      expect(mail.text).toContain('+923001234567');
    });

    test.describe('when the server fails', () => {
      // The browser logs the provoked 500 as a failed resource; that is the point here.
      test.use({ expectedApiStatuses: [500] });

      // A server of its own whose contact table is gone: the 500 is the server's, for real.
      let server: OwnServer;
      test.beforeAll(async () => {
        server = await startOwnServer();
        await server.sql('drop table contact_messages');
      });
      test.afterAll(() => server.stop());

      test('a server error toasts "Server error: Failed to send message" and keeps the form', async ({
        page,
      }) => {
        await page.goto(server.baseURL);
        const dialog = await openContactFromHeader(page);
        await fillValid(dialog, 'Server Failure');
        const failed = page.waitForResponse('**/api/contactMe');
        await dialog.getByRole('button', { name: 'Send', exact: true }).click();
        await expect(toasts(page).getByText('Server error: Failed to send message')).toBeVisible();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel('Name')).toHaveValue('Server Failure');
        await expect(dialog.getByLabel('Message')).toHaveValue(
          'Could we talk about pricing for my bakery?',
        );
        await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
        expect((await failed).status()).toBe(500);
      });
    });

    test.describe('when the client sent too many messages', () => {
      test.use({ expectedApiStatuses: [429] });

      test('too many messages toast "Client error: Failed to send message" (a real 429)', async ({
        page,
      }) => {
        await page.goto('/');
        const dialog = await openContactFromHeader(page);
        // Spend this client's budget with real requests, then send from the popup.
        for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
          const res = await page.request.post('/api/contactMe', {
            data: {
              name: 'Budget',
              phone: '+923001234567',
              email: 'b@example.com',
              type: 'General',
              message: 'Spending the budget.',
            },
          });
          expect(res.status()).toBe(201);
        }
        await fillValid(dialog, 'Rate Limited');
        const limited = page.waitForResponse('**/api/contactMe');
        await dialog.getByRole('button', { name: 'Send', exact: true }).click();
        await expect(toasts(page).getByText('Client error: Failed to send message')).toBeVisible();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel('Name')).toHaveValue('Rate Limited');
        expect((await limited).status()).toBe(429);
      });
    });
  });
}
