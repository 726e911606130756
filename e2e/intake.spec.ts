import { randomUUID } from 'node:crypto';
import { INTAKE_MESSAGES } from '@consult/shared';
import { ADMIN, signedInClient, openSignedIn } from './support/accounts';
import {
  test,
  expect,
  expectAccessibleWithoutToasts,
  expectNoAxeViolations,
  shootBothWidths,
} from './support/fixtures';
import { waitForMail } from './support/mail';
import { pickDay, timeButtons } from './support/booking';
import { DESKTOP } from './support/public-site';

// A whole journey: the owner's set-up, a client's sign-up and booking, the owner reading it.
test.describe.configure({ timeout: 240_000 });

/** The nth day with free times that no other browser test books on (the owner has one calendar). */
const DAY_INDEX = 10;

test('the owner adds intake questions, a client answers them while booking, the owner reads them', async ({
  page,
  browser,
}) => {
  const slug = `intake-${randomUUID().slice(0, 8)}`;
  const title = `Intake check ${slug.slice(-8)}`;

  // The owner adds a service with questions on /admin/config.
  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, ADMIN, '/admin/config');
  await page.getByRole('button', { name: 'New service' }).click();
  const form = page.getByRole('form', { name: 'New service' });
  await form.getByLabel('Title').fill(title);
  await form.getByText('Advanced', { exact: true }).click();
  await form.getByLabel('Address name').fill(slug);
  await form.getByLabel('Duration (minutes)').fill('30');

  const questions = form.getByRole('group', { name: 'Intake questions' });
  await questions.getByRole('button', { name: 'Add a question' }).click();
  // An empty question is refused with the shared message.
  await form.getByRole('button', { name: 'Add service' }).click();
  await expect(questions.getByText(INTAKE_MESSAGES.labelRequired)).toBeVisible();
  await questions
    .getByRole('textbox', { name: 'Question 1', exact: true })
    .fill('Have we met before?');
  await questions.getByLabel('Kind').first().selectOption('yes_no');

  await questions.getByRole('button', { name: 'Add a question' }).click();
  await questions
    .getByRole('textbox', { name: 'Question 2', exact: true })
    .fill('Your company name');
  await questions
    .getByRole('listitem', { name: 'Question 2', exact: true })
    .getByLabel('An answer is required')
    .check();

  await questions.getByRole('button', { name: 'Add a question' }).click();
  await questions
    .getByRole('textbox', { name: 'Question 3', exact: true })
    .fill('How big is your team?');
  const third = questions.getByRole('listitem', { name: 'Question 3', exact: true });
  await third.getByLabel('Kind').selectOption('single_choice');
  await third.getByLabel('Options').fill('Just me');
  await form.getByRole('button', { name: 'Add service' }).click();
  await expect(third.getByText(INTAKE_MESSAGES.optionsTooFew)).toBeVisible();
  await third.getByLabel('Options').fill('Just me\n2 to 10 people\nMore than 10');
  await third.getByLabel('An answer is required').check();

  // A fourth one, removed again; the yes/no question moves to the end, by keyboard.
  await questions.getByRole('button', { name: 'Add a question' }).click();
  await questions.getByRole('button', { name: 'Remove question 4' }).click();
  await expect(questions.getByRole('listitem')).toHaveCount(3);
  await questions.getByRole('button', { name: 'Move question 1 down' }).focus();
  await page.keyboard.press('Enter');
  await questions.getByRole('button', { name: 'Move question 2 down' }).click();
  await expect(questions.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue(
    'Your company name',
  );
  await expect(questions.getByRole('textbox', { name: 'Question 3', exact: true })).toHaveValue(
    'Have we met before?',
  );
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'config-questions', questions);
  await form.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByText(`${title} was added.`)).toBeVisible();

  // A client books it on /consultation and answers the questions.
  const clientContext = await browser.newContext({
    viewport: DESKTOP,
    timezoneId: 'UTC',
    extraHTTPHeaders: { 'x-forwarded-for': `10.91.${Math.floor(Math.random() * 250)}.7` },
  });
  const client = await clientContext.newPage();
  const account = await signedInClient(client, 'intake');
  await client.goto(`/consultation?service=${slug}`);
  await expect(client.getByRole('radio', { name: new RegExp(title) })).toBeChecked();
  await pickDay(client, DAY_INDEX);
  await timeButtons(client).last().click();
  const asked = client.getByRole('group', { name: '3. A few questions' });
  await expect(asked.getByLabel('Your company name')).toBeVisible();
  await client.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(asked.getByText(INTAKE_MESSAGES.answerRequired('Your company name'))).toBeVisible();
  await expect(
    asked.getByText(INTAKE_MESSAGES.answerRequired('How big is your team?')),
  ).toBeVisible();
  await expect(asked.getByLabel('Your company name')).toBeFocused();
  await expectNoAxeViolations(client);
  await asked.getByLabel('Your company name').fill('Lahore Lamps & Co');
  await asked.getByRole('radio', { name: '2 to 10 people' }).check();
  await asked
    .getByRole('group', { name: 'Have we met before? (optional)' })
    .getByRole('radio', { name: 'No' })
    .check();
  await expect(asked.getByRole('alert')).toHaveCount(0);
  await shootBothWidths(client, 'consultation-questions', asked);
  await client.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(client.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await clientContext.close();

  // The owner's copy of the confirmation carries the answers and leads to the booking's detail.
  const ownerCopy = await waitForMail('owner@e2e.test', new RegExp(`New booking: ${title}`));
  expect(ownerCopy.text).toContain('Your company name: Lahore Lamps & Co');
  expect(ownerCopy.text).toContain('How big is your team?: 2 to 10 people');
  expect(ownerCopy.text).toContain('Have we met before?: No');
  expect(ownerCopy.text).toContain(account.email);
  const link = ownerCopy.text.match(/\/admin\/bookings\?booking=[\w-]+/);
  expect(link).not.toBeNull();
  await page.goto(link![0]);
  const answers = page.getByRole('region', { name: 'Intake answers' });
  await expect(answers).toBeVisible();
  await expect(answers.getByText('Lahore Lamps & Co')).toBeVisible();
  await expect(answers.getByText('2 to 10 people')).toBeVisible();
  await expect(answers.getByText('No', { exact: true })).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'booking-detail-answers', answers);
});
