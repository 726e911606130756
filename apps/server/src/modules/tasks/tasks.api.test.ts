import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  adminTaskRecordSchema,
  adminTasksPageSchema,
  calendarDayIn,
  shiftCalendarDay,
  TASK_MESSAGES,
  taskRecordSchema,
  tasksListSchema,
  TEXT_MESSAGES,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { insertTestBooking, insertTestService, type ServiceRow } from '../../test/bookings';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { mailOutbox } from '../mail/schema';
import { users } from '../users/schema';
import { tasks } from './schema';
import { sendTaskReminders } from './task-jobs';

describe('tasks: the client’s action items and the owner’s screen', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let owner: Person;
  let service: ServiceRow;
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  let hour = 0;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url } });
    owner = await signedInUser(t.app, { role: 'admin', name: 'Ayesha Owner' });
    service = await insertTestService(t.app.deps.db, { title: 'Tax review' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who?: Person,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who?.headers, payload });

  /** A confirmed booking of `client`, each at its own hour so none overlap. */
  async function bookingOf(client: Person) {
    hour += 2;
    return insertTestBooking(t.app.deps.db, {
      service,
      clientId: client.user.id,
      startAt: new Date(Date.UTC(2030, 0, 1, hour)),
    });
  }

  async function assign(payload: Record<string, unknown>) {
    const res = await call('POST', '/api/admin/tasks', owner, payload);
    expect(res.statusCode, res.body).toBe(201);
    return adminTaskRecordSchema.parse(res.json());
  }

  const berlinDay = (offset: number) =>
    shiftCalendarDay(calendarDayIn(new Date(), 'Europe/Berlin'), offset);

  it('assigns a task tied to the client’s booking, mails the client once and records it in the audit log', async () => {
    const client = await signedInUser(t.app, { name: 'Bilal Khan' });
    const booking = await bookingOf(client);
    const task = await assign({
      clientId: client.user.id,
      bookingId: booking.id,
      title: 'Send last year’s statements',
      details: 'The bank statements\nand the tax assessment.',
      dueDate: berlinDay(7),
    });
    expect(task).toMatchObject({
      _id: task.id,
      clientId: client.user.id,
      bookingId: booking.id,
      booking: { id: booking.id, serviceTitle: 'Tax review', start: booking.startAt.toISOString() },
      title: 'Send last year’s statements',
      details: 'The bank statements\nand the tax assessment.',
      dueDate: berlinDay(7),
      status: 'open',
      completedAt: null,
      completedBy: null,
      overdue: false,
      client: { id: client.user.id, name: 'Bilal Khan', email: client.user.email },
    });

    // The mail waits a few minutes for further tasks (decision 047); this test does not.
    const [waiting] = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, client.user.email));
    expect(waiting).toMatchObject({
      status: 'pending',
      subject: 'New task: Send last year’s statements',
    });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 2 * 60_000);
    await t.app.deps.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, waiting!.id));
    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail(
      (m) =>
        m.to.includes(client.user.email) && m.subject === 'New task: Send last year’s statements',
    );
    expect(mail.text).toContain(
      'Hello Bilal Khan, you have a new task: Send last year’s statements.',
    );
    expect(mail.text).toContain('The bank statements\nand the tax assessment.');
    expect(mail.links).toContain('http://localhost:3000/dash/tasks');
    const queued = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, client.user.email), like(mailOutbox.subject, 'New task:%')));
    expect(queued).toHaveLength(1);

    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'task.create'), eq(auditLog.target, task.id)));
    expect(entry).toMatchObject({ actorId: owner.user.id });
    expect(entry!.details).toMatchObject({
      before: null,
      after: { clientId: client.user.id, bookingId: booking.id },
    });
  });

  it('refuses a booking of another client, naming the field', async () => {
    const client = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const booking = await bookingOf(other);
    const res = await call('POST', '/api/admin/tasks', owner, {
      clientId: client.user.id,
      bookingId: booking.id,
      title: 'Bring the contract',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: TASK_MESSAGES.bookingOfAnotherClient,
      errors: { bookingId: [TASK_MESSAGES.bookingOfAnotherClient] },
    });
    const mine = await t.app.deps.db.select().from(tasks).where(eq(tasks.clientId, client.user.id));
    expect(mine).toHaveLength(0);
  });

  it('answers invalid input with the shared messages per field', async () => {
    const client = await signedInUser(t.app);
    const res = await call('POST', '/api/admin/tasks', owner, {
      clientId: client.user.id,
      title: 'x'.repeat(121),
      details: 'd'.repeat(2001),
      dueDate: '2026-02-30',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      title: [TASK_MESSAGES.titleTooLong],
      details: [TASK_MESSAGES.detailsTooLong],
      dueDate: [TASK_MESSAGES.dueDateInvalid],
    });
    const blank = await call('POST', '/api/admin/tasks', owner, {
      clientId: 'nobody',
      title: '  ',
    });
    expect(blank.json().errors).toMatchObject({
      clientId: [TASK_MESSAGES.clientInvalid],
      title: [TASK_MESSAGES.titleRequired],
    });
    const twoLines = await call('POST', '/api/admin/tasks', owner, {
      clientId: client.user.id,
      title: 'one\ntwo',
    });
    expect(twoLines.json().errors).toMatchObject({ title: [TEXT_MESSAGES.singleLine] });
    const status = await call('PATCH', '/api/tasks/00000000-0000-4000-8000-000000000000', client, {
      status: 'finished',
    });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors).toMatchObject({ status: [TASK_MESSAGES.statusInvalid] });
  });

  it('shows a client only their own tasks, open first by due date with overdue flagged; another client’s task is 404 and unchanged', async () => {
    const client = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const later = await assign({ clientId: client.user.id, title: 'Later', dueDate: berlinDay(5) });
    const undated = await assign({ clientId: client.user.id, title: 'Whenever' });
    const late = await assign({ clientId: client.user.id, title: 'Late', dueDate: berlinDay(-2) });
    const done = await assign({ clientId: client.user.id, title: 'Done', dueDate: berlinDay(-9) });
    const theirs = await assign({ clientId: other.user.id, title: 'Not yours' });

    const ticked = await call('PATCH', `/api/tasks/${done.id}`, client, { status: 'done' });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(taskRecordSchema.parse(ticked.json())).toMatchObject({
      status: 'done',
      overdue: false,
      completedBy: { id: client.user.id, name: client.user.name },
    });

    const list = tasksListSchema.parse((await call('GET', '/api/tasks', client)).json());
    expect(list.tasks.map((task) => task.title)).toEqual(['Late', 'Later', 'Whenever', 'Done']);
    expect(list.tasks.map((task) => task.overdue)).toEqual([true, false, false, false]);
    expect(list.tasks.map((task) => task.id)).not.toContain(theirs.id);
    expect(list.tasks[0]).toMatchObject({ id: late.id, _id: late.id });
    expect([later.id, undated.id]).toEqual([list.tasks[1]!.id, list.tasks[2]!.id]);

    const foreign = await call('PATCH', `/api/tasks/${theirs.id}`, client, { status: 'done' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: TASK_MESSAGES.notFound });
    const [stored] = await t.app.deps.db.select().from(tasks).where(eq(tasks.id, theirs.id));
    expect(stored).toMatchObject({ status: 'open', completedAt: null });
    expect(
      (await call('PATCH', '/api/tasks/not-a-uuid', client, { status: 'done' })).statusCode,
    ).toBe(404);

    const reopened = await call('PATCH', `/api/tasks/${done.id}`, client, { status: 'open' });
    expect(taskRecordSchema.parse(reopened.json())).toMatchObject({
      status: 'open',
      completedAt: null,
      completedBy: null,
      overdue: true,
    });
    expect((await call('GET', '/api/admin/tasks', client)).statusCode).toBe(403);
  });

  it('lets the owner list by client, booking and status, edit, complete and delete, each in the audit log', async () => {
    const client = await signedInUser(t.app);
    const booking = await bookingOf(client);
    const first = await assign({ clientId: client.user.id, title: 'First', dueDate: berlinDay(3) });
    const second = await assign({ clientId: client.user.id, title: 'Second' });

    const edited = await call('PATCH', `/api/admin/tasks/${second.id}`, owner, {
      title: 'Second, clearer',
      details: 'Line one\nLine two',
      dueDate: berlinDay(1),
      bookingId: booking.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(adminTaskRecordSchema.parse(edited.json())).toMatchObject({
      title: 'Second, clearer',
      details: 'Line one\nLine two',
      dueDate: berlinDay(1),
      bookingId: booking.id,
    });
    const completed = await call('PATCH', `/api/admin/tasks/${first.id}`, owner, {
      status: 'done',
    });
    expect(adminTaskRecordSchema.parse(completed.json())).toMatchObject({
      status: 'done',
      completedBy: { id: owner.user.id, name: 'Ayesha Owner' },
    });
    const cleared = await call('PATCH', `/api/admin/tasks/${second.id}`, owner, {
      details: '',
      dueDate: null,
    });
    expect(cleared.json()).toMatchObject({ details: null, dueDate: null });
    const empty = await call('PATCH', `/api/admin/tasks/${second.id}`, owner, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ detail: TASK_MESSAGES.nothingToChange });

    const page = (query: string) =>
      call('GET', `/api/admin/tasks?${query}`, owner).then((res) =>
        adminTasksPageSchema.parse(res.json()),
      );
    const open = await page(`client=${client.user.id}&status=open`);
    expect(open).toMatchObject({ currentPage: 1, totalPages: 1, totalTasks: 1 });
    expect(open.tasks.map((task) => task.id)).toEqual([second.id]);
    const byBooking = await page(`booking=${booking.id}`);
    expect(byBooking.tasks.map((task) => task.id)).toEqual([second.id]);
    const all = await page(`client=${client.user.id}`);
    expect(all.tasks.map((task) => task.id)).toEqual([second.id, first.id]);
    const badQuery = await call('GET', '/api/admin/tasks?status=closed&page=0', owner);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().errors).toMatchObject({
      status: [TASK_MESSAGES.statusInvalid],
      page: [TASK_MESSAGES.pageInvalid],
    });

    const removed = await call('DELETE', `/api/admin/tasks/${first.id}`, owner);
    expect(removed.statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/tasks/${first.id}`, owner)).statusCode).toBe(404);
    expect((await page(`client=${client.user.id}`)).totalTasks).toBe(1);

    const actions = await t.app.deps.db
      .select({ action: auditLog.action, target: auditLog.target, actorId: auditLog.actorId })
      .from(auditLog)
      .where(like(auditLog.action, 'task.%'))
      .orderBy(auditLog.id);
    const forFirst = actions.filter((entry) => entry.target === first.id).map((e) => e.action);
    expect(forFirst).toEqual(['task.create', 'task.update', 'task.delete']);
    const forSecond = actions.filter((entry) => entry.target === second.id).map((e) => e.action);
    expect(forSecond).toEqual(['task.create', 'task.update', 'task.update']);
    expect(actions.every((entry) => entry.actorId === owner.user.id)).toBe(true);
  });

  it('sends the reminder the day before the due date in the client’s zone, once, with two runners racing', async () => {
    const client = await signedInUser(t.app, { name: 'Chen Wei' });
    await t.app.deps.db
      .update(users)
      .set({ timeZone: 'Pacific/Auckland' })
      .where(eq(users.id, client.user.id));
    // 2031-03-03 11:00 UTC is 2031-03-04 00:00 in Auckland (UTC+13): the day before the 5th.
    const now = new Date('2031-03-03T11:00:00Z');
    const before = new Date('2031-03-03T10:59:00Z');
    const task = await assign({
      clientId: client.user.id,
      title: 'Sign the engagement letter',
      dueDate: '2031-03-05',
    });
    const far = await assign({ clientId: client.user.id, title: 'Not yet', dueDate: '2031-03-09' });
    const deps = t.app.deps;

    expect(await sendTaskReminders(deps, before)).toBe(0);
    const counts = await Promise.all([sendTaskReminders(deps, now), sendTaskReminders(deps, now)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await sendTaskReminders(deps, now)).toBe(0);
    expect(await sendTaskReminders(deps, new Date('2031-03-04T20:00:00Z'))).toBe(0);

    const reminders = await t.app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, client.user.email), like(mailOutbox.subject, 'Reminder:%')));
    expect(reminders.map((mail) => mail.subject)).toEqual([
      'Reminder: Sign the engagement letter is due Wednesday, 5 March 2031',
    ]);
    const [stored] = await t.app.deps.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored!.reminderSentAt).toEqual(now);
    const [untouched] = await t.app.deps.db.select().from(tasks).where(eq(tasks.id, far.id));
    expect(untouched!.reminderSentAt).toBeNull();

    await t.app.deps.mailer.deliverDue();
    const mail = await peer.waitForMail(
      (m) => m.to.includes(client.user.email) && m.subject.startsWith('Reminder:'),
    );
    expect(mail.text).toContain(
      'Hello Chen Wei, a reminder that your task Sign the engagement letter',
    );

    // A new due date asks for a new reminder; a done task gets none.
    await call('PATCH', `/api/admin/tasks/${task.id}`, owner, { dueDate: '2031-03-10' });
    await call('PATCH', `/api/admin/tasks/${far.id}`, owner, { status: 'done' });
    expect(await sendTaskReminders(deps, new Date('2031-03-08T11:00:00Z'))).toBe(1);
  });

  it('a task assigned on the day before its due date is not reminded again', async () => {
    const client = await signedInUser(t.app);
    const task = await assign({
      clientId: client.user.id,
      title: 'Quick one',
      dueDate: berlinDay(1),
    });
    const [stored] = await t.app.deps.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored!.reminderSentAt).not.toBeNull();
    expect(await sendTaskReminders(t.app.deps)).toBe(0);
  });
});
