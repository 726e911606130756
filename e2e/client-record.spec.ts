import { CLIENT_NOTE_MESSAGES } from '@consult/shared';
import { ADMIN, signedInClient, openSignedIn } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import {
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  test,
  shootBothWidths,
} from './support/fixtures';
import { DESKTOP } from './support/public-site';

// Sign-up with its proof of work, a booking and two people's screens take a while.
test.describe.configure({ timeout: 120_000 });

test('the owner opens a client, keeps private notes about them and reads their timeline', async ({
  page,
  browser,
}) => {
  const client = await signedInClient(page, 'recorded');
  await page.goto('/consultation?service=strategy-session');
  await pickDay(page, 12);
  await timeButtons(page).last().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();

  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await openSignedIn(owner, ADMIN, '/admin/users');
  await owner.getByLabel('Search by name or e-mail').fill(client.email);
  await expect(owner).toHaveURL(/[?&]search=/);
  await owner.getByRole('link', { name: new RegExp(client.email) }).click();
  await expect(owner.getByRole('heading', { name: client.name })).toBeVisible();

  const notes = owner.getByRole('region', { name: 'Private notes' });
  await expect(notes.getByText('Visible only to admins.')).toBeVisible();
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  const bookings = owner.getByRole('region', { name: 'Bookings' });
  await expect(bookings.getByRole('link', { name: 'Strategy session' })).toBeVisible();
  const timeline = owner.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('link', { name: 'Booked: Strategy session' })).toBeVisible();

  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText(CLIENT_NOTE_MESSAGES.textRequired)).toBeVisible();
  await notes.getByLabel('New note').fill('Prefers morning sessions.\nAsk about the move.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(owner.getByText('The note is added.')).toBeVisible();
  await expect(notes.getByText('Ask about the move.')).toBeVisible();
  await expect(notes.getByLabel('New note')).toHaveValue('');
  await expect(timeline.getByText('Private note added')).toBeVisible();

  await notes.getByRole('button', { name: /^Edit the note/ }).click();
  const edit = notes.getByLabel('Edit the note');
  await expect(edit).toHaveValue('Prefers morning sessions.\nAsk about the move.');
  await edit.fill('Prefers morning sessions. Moved to Lahore in May.');
  await notes.getByRole('button', { name: 'Save note' }).click();
  await expect(owner.getByText('The note is saved.')).toBeVisible();
  await expect(notes.getByText('Moved to Lahore in May.')).toBeVisible();
  await expect(notes.getByText(/\(edited/)).toBeVisible();

  await expectAccessibleWithoutToasts(owner);
  await shootBothWidths(owner, 'client-record');

  await notes.getByRole('button', { name: /^Delete the note/ }).click();
  const confirm = owner.getByRole('dialog', { name: 'Delete this note?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(owner);
  await confirm.getByRole('button', { name: 'Delete note' }).click();
  await expect(owner.getByText('The note is deleted.')).toBeVisible();
  await expect(notes.getByText('No notes yet.')).toBeVisible();

  // The client's own pages never carry the owner's notes.
  await page.goto('/dash');
  await expect(page.getByText('Moved to Lahore')).toHaveCount(0);

  // The client asks to be forgotten: the owner's delete erases them, and the booking stays on record.
  const recordUrl = owner.url();
  await owner.getByRole('button', { name: 'Delete account' }).click();
  const erase = owner.getByRole('dialog', { name: 'Delete this account?' });
  await expect(erase).toContainText('stay for accounting under “Deleted client”');
  await expect(erase).toContainText('Bookings still to come are cancelled');
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'client-erase-dialog');
  await erase.getByRole('button', { name: 'Delete account' }).click();
  await expect(owner.getByText(`${client.email} was erased;`)).toBeVisible();
  await owner.goto(recordUrl);
  await expect(owner.getByRole('heading', { name: 'Deleted client', level: 2 })).toBeVisible();
  await expect(owner.getByText('This account was deleted.')).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Bookings' })).toContainText('Strategy session');
  await expect(owner.getByRole('region', { name: 'Private notes' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Delete account' })).toHaveCount(0);
  await expectNoAxeViolations(owner);
  await shootBothWidths(owner, 'client-erased');
  await ownerContext.close();
});
