import sharp from 'sharp';
import { PORTRAIT_MESSAGES, portraitVariantPath } from '@consult/shared';
import { openSignedIn } from './support/accounts';
import { test, expect, expectAccessibleWithoutToasts, shootBothWidths } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

// On purpose: the guards' refresh before signing in (403) and a script sent as a photo (400).
test.use({ expectedApiStatuses: [400, 403] });

// Sign-in, two uploads through sharp and the home page: more than one page's 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const OWNER = { email: 'portrait-owner@e2e.test', password: 'portrait-owner-password-42' };
const ALT = 'The consultant smiling in her office';

// A server of its own: the photo goes on its home page, not on the one the other tests read.
let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
});
test.afterAll(() => server.stop());

/** A landscape camera photo marked as turned (EXIF orientation 6), as phones write them. */
function cameraPhoto() {
  const width = 1200;
  const height = 900;
  return sharp({ create: { width, height, channels: 3, background: '#c97b4a' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="600" cy="450" r="300" fill="#0f3d3e"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

test('the owner uploads a portrait, describes it, saves, and the home page shows it', async ({
  page,
}) => {
  await openSignedIn(page, OWNER, `${server.baseURL}/admin/config?tab=site`);

  const field = page.getByRole('group', { name: 'Portrait photo' });
  await expect(field.getByText('No photo: the page shows your initials')).toBeVisible();
  const chooser = field.getByLabel('Choose a photo');
  await chooser.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  await expect(field.getByRole('alert')).toHaveText(PORTRAIT_MESSAGES.unsupported);
  await expect(chooser).toHaveAttribute('aria-invalid', 'true');
  await chooser.setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(),
  });
  await expect(field.getByText('Photo ready. Describe it below, then save.')).toBeVisible();
  const preview = field.getByRole('img');
  await expect(preview).toHaveJSProperty('complete', true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  await field.getByLabel('Description of the photo (alt text)').fill(ALT);
  await expect(field.getByRole('img', { name: ALT })).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await field.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'portrait-field');

  const editor = page.getByRole('form', { name: 'Site content' });
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  await editor.getByRole('button', { name: 'Save site content' }).click();
  await expect(editor.getByText('All changes saved')).toBeVisible();

  // The first HTML of / already has the photo with its variants.
  const html = await (await page.request.get(`${server.baseURL}/`)).text();
  const id = /site\/portrait\/([0-9a-f]{32})\/640\.webp/.exec(html)?.[1];
  expect(id).toBeDefined();
  expect(html).toContain(`${portraitVariantPath(id!, 960)} 960w`);

  await page.goto(`${server.baseURL}/`);
  const photo = page.locator('#about').getByRole('img', { name: ALT });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect(photo).toHaveAttribute('sizes', /24rem/);
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('#about').getByRole('img', { name: /Monogram/ })).toHaveCount(0);
  await expectAccessibleWithoutToasts(page);
  await page.locator('#about').scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'portrait-landing');
});
