import {
  calendarDayIn,
  shiftCalendarDay,
  TASK_MAIL_FOLD_MINUTES,
  TASK_MESSAGES,
} from '@consult/shared';
import { ADMIN, signedInClient, openSignedIn } from './support/accounts';
import { pickDay, timeButtons } from './support/booking';
import { expect, expectAccessibleWithoutToasts, test, shootBothWidths } from './support/fixtures';
import { DESKTOP } from './support/public-site';

// Sign-up with its proof of work, a booking and two people's screens take a while.
test.describe.configure({ timeout: 120_000 });

const STATEMENTS = 'Send last year’s statements';
const LATE = 'Fill in the intake sheet';

test('the owner assigns two tasks after a booking, one mail gathers them, the client ticks one, the owner sees it done', async ({
  page,
  browser,
}) => {
  const client = await signedInClient(page, 'tasker');
  await page.goto('/consultation?service=strategy-session');
  await pickDay(page, 8);
  await timeButtons(page).last().click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();

  await page.goto('/dash/tasks');
  await expect(page.getByText('No tasks yet.')).toBeVisible();
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'dash-tasks-empty');

  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  // From the booking's detail: a task tied to that booking.
  await openSignedIn(owner, ADMIN, '/admin/bookings');
  await owner.getByLabel('Search reference, client or service').fill(client.email);
  await expect(owner).toHaveURL(/[?&]q=/);
  await owner.getByRole('link', { name: new RegExp(client.name) }).click();
  const bookingTasks = owner.getByRole('region', { name: 'Tasks for this booking' });
  await expect(bookingTasks.getByText('No tasks yet.')).toBeVisible();
  await bookingTasks.getByRole('button', { name: 'Add a task' }).click();
  await bookingTasks.getByRole('button', { name: 'Assign the task' }).click();
  await expect(bookingTasks.getByText('Enter a title')).toBeVisible();
  const due = shiftCalendarDay(calendarDayIn(new Date(), 'UTC'), 10);
  await bookingTasks.getByLabel('Title').fill(STATEMENTS);
  await bookingTasks
    .getByLabel('Details (optional)')
    .fill('Bank statements\nand the tax assessment.');
  await bookingTasks.getByLabel('Due date (optional)').fill(due);
  await expect(bookingTasks.getByLabel('For the booking (optional)')).toHaveValue(/.+/);
  await expectAccessibleWithoutToasts(owner);
  await shootBothWidths(owner, 'admin-booking-task-form');
  await bookingTasks.getByRole('button', { name: 'Assign the task' }).click();
  await expect(
    owner.getByText(
      `The task is assigned. ${client.name} gets an e-mail within ${TASK_MAIL_FOLD_MINUTES} minutes, with any other task you give them by then.`,
    ),
  ).toBeVisible();
  await expect(bookingTasks.getByRole('link', { name: new RegExp(STATEMENTS) })).toBeVisible();

  // From /admin/tasks: a second task, already overdue, for the client chosen by search.
  await owner.getByRole('link', { name: 'Tasks' }).click();
  await expect(owner.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await owner.getByRole('button', { name: 'New task' }).click();
  await owner.getByLabel('Client: search by name or e-mail').fill(client.email);
  await owner.getByRole('button', { name: new RegExp(client.email) }).click();
  await owner.getByLabel('Title').fill(LATE);
  await owner
    .getByLabel('Due date (optional)')
    .fill(shiftCalendarDay(calendarDayIn(new Date(), 'UTC'), -3));
  await expectAccessibleWithoutToasts(owner);
  await owner.getByRole('button', { name: 'Assign the task' }).click();
  // A day already gone is asked about, not accepted silently.
  const pastQuestion = owner.getByRole('alert').filter({ hasText: TASK_MESSAGES.dueDatePast });
  await expect(pastQuestion).toBeVisible();
  await expect(owner.getByRole('heading', { name: LATE, level: 2 })).toBeHidden();
  await expectAccessibleWithoutToasts(owner);
  await shootBothWidths(owner, 'admin-task-past-due');
  await pastQuestion.getByRole('button', { name: 'Set it anyway' }).click();
  await expect(owner.getByRole('heading', { name: LATE, level: 2 })).toBeVisible();
  await expect(owner.getByText('Overdue').first()).toBeVisible();
  await expectAccessibleWithoutToasts(owner);
  await shootBothWidths(owner, 'admin-tasks');

  // Both tasks go to the client in one mail, which waits a few minutes for more (decision 047):
  // the outbox shows it gathering, with what it will say.
  await owner.goto('/admin/system?tab=outbox&state=queued');
  const queued = owner.getByRole('link', {
    name: new RegExp(`2 new tasks: ${STATEMENTS} and 1 more`),
  });
  await expect(queued.getByText(/gathers until/)).toBeVisible();
  await queued.click();
  const mail = owner.getByRole('article');
  await expect(mail.getByText('Gathering')).toBeVisible();
  const text = mail.locator('pre');
  await expect(text).toContainText(`1. ${STATEMENTS}, due on`);
  await expect(text).toContainText('Bank statements\nand the tax assessment.');
  await expect(text).toContainText(`2. ${LATE}, due on`);
  await expect(text).toContainText('/dash/tasks');
  await expectAccessibleWithoutToasts(owner);
  await shootBothWidths(owner, 'admin-outbox-task-mail-gathering');

  // The client: the overdue task first, then ticks the statements done.
  await page.goto('/dash');
  await page.getByRole('link', { name: 'Tasks' }).click();
  const items = page.getByRole('article');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(LATE);
  await expect(items.first()).toContainText('Overdue');
  await expectAccessibleWithoutToasts(page);
  await shootBothWidths(page, 'dash-tasks');
  const tick = page.getByRole('checkbox', { name: STATEMENTS });
  await tick.press('Space');
  await expect(tick).toBeChecked();
  const doneGroup = page.getByRole('region', { name: 'Done' });
  await expect(doneGroup.getByText(new RegExp(`by ${client.name}$`))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: STATEMENTS })).toBeChecked();
  await shootBothWidths(page, 'dash-tasks-done');

  // The owner sees it done, in the list of done tasks and on the client's page.
  await owner.goto('/admin/tasks?status=done');
  await owner.getByRole('link', { name: new RegExp(STATEMENTS) }).click();
  await expect(owner.getByText(`by ${client.name}`)).toBeVisible();
  await owner.getByRole('link', { name: client.name, exact: true }).click();
  const clientTasks = owner.getByRole('region', { name: 'Tasks', exact: true });
  await expect(clientTasks.getByRole('link', { name: new RegExp(STATEMENTS) })).toContainText(
    'Done',
  );
  await expectAccessibleWithoutToasts(owner);
  await shootBothWidths(owner, 'admin-user-tasks');

  // Deleting asks first.
  await owner.goto('/admin/tasks');
  await owner.getByRole('link', { name: new RegExp(LATE) }).click();
  await owner.getByRole('button', { name: 'Delete' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Delete this task?' });
  await expect(dialog).toBeVisible();
  await expectAccessibleWithoutToasts(owner);
  await dialog.getByRole('button', { name: 'Delete the task' }).click();
  await expect(owner.getByText('The task is deleted.')).toBeVisible();
  await expect(owner.getByRole('link', { name: new RegExp(LATE) })).toHaveCount(0);
  await ownerContext.close();

  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
});
