import { describe, expect, it } from 'vitest';
import {
  calendarDayIn,
  compareTasksForClient,
  formatDueDay,
  createTaskSchema,
  isTaskOverdue,
  isTaskReminderDue,
  shiftCalendarDay,
  TASK_MESSAGES,
  TEXT_MESSAGES,
  updateTaskSchema,
} from '../index';

const CLIENT = '3f1c2b7e-4d5a-4e6f-8a9b-0c1d2e3f4a5b';

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('calendar days of tasks', () => {
  it('reads the day an instant falls on in the client’s zone', () => {
    const instant = new Date('2026-11-25T23:30:00Z');
    expect(calendarDayIn(instant, 'UTC')).toBe('2026-11-25');
    expect(calendarDayIn(instant, 'Asia/Karachi')).toBe('2026-11-26');
    expect(calendarDayIn(new Date('2026-11-25T03:30:00Z'), 'America/New_York')).toBe('2026-11-24');
  });

  it('moves a day across months and years', () => {
    expect(shiftCalendarDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftCalendarDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(() => shiftCalendarDay('2026-02-30', 1)).toThrow();
  });
});

describe('overdue tasks', () => {
  it('is overdue once the due day has passed, not on the day itself', () => {
    expect(isTaskOverdue({ status: 'open', dueDate: '2026-11-24' }, '2026-11-25')).toBe(true);
    expect(isTaskOverdue({ status: 'open', dueDate: '2026-11-25' }, '2026-11-25')).toBe(false);
  });

  it('a done task or one without a due date is never overdue', () => {
    expect(isTaskOverdue({ status: 'done', dueDate: '2026-01-01' }, '2026-11-25')).toBe(false);
    expect(isTaskOverdue({ status: 'open', dueDate: null }, '2026-11-25')).toBe(false);
  });
});

describe('task reminders', () => {
  it('are due from the day before the due date through the due date', () => {
    const task = { status: 'open' as const, dueDate: '2026-12-01' };
    expect(isTaskReminderDue(task, '2026-11-29')).toBe(false);
    expect(isTaskReminderDue(task, '2026-11-30')).toBe(true);
    expect(isTaskReminderDue(task, '2026-12-01')).toBe(true);
    expect(isTaskReminderDue(task, '2026-12-02')).toBe(false);
    expect(isTaskReminderDue({ ...task, status: 'done' }, '2026-11-30')).toBe(false);
  });
});

describe('the client’s order', () => {
  it('puts open tasks first by due date, undated last, then done ones newest first', () => {
    const base = { createdAt: '2026-11-01T00:00:00Z', completedAt: null };
    const list = [
      {
        ...base,
        title: 'done early',
        status: 'done' as const,
        dueDate: null,
        completedAt: '2026-11-02T00:00:00Z',
      },
      { ...base, title: 'undated', status: 'open' as const, dueDate: null },
      {
        ...base,
        title: 'done late',
        status: 'done' as const,
        dueDate: null,
        completedAt: '2026-11-20T00:00:00Z',
      },
      { ...base, title: 'later', status: 'open' as const, dueDate: '2026-12-10' },
      { ...base, title: 'sooner', status: 'open' as const, dueDate: '2026-12-01' },
    ];
    expect(list.sort(compareTasksForClient).map((task) => task.title)).toEqual([
      'sooner',
      'later',
      'undated',
      'done late',
      'done early',
    ]);
  });
});

describe('task input', () => {
  it('names each invalid field with its message', () => {
    const result = createTaskSchema.safeParse({
      clientId: 'someone',
      bookingId: 'a booking',
      title: '',
      details: 'x'.repeat(2001),
      dueDate: '2026-13-01',
    });
    expect(errorsOf(result)).toEqual({
      clientId: TASK_MESSAGES.clientInvalid,
      bookingId: TASK_MESSAGES.bookingInvalid,
      title: TASK_MESSAGES.titleRequired,
      details: TASK_MESSAGES.detailsTooLong,
      dueDate: TASK_MESSAGES.dueDateInvalid,
    });
    expect(
      errorsOf(createTaskSchema.safeParse({ clientId: CLIENT, title: 't'.repeat(121) })),
    ).toEqual({
      title: TASK_MESSAGES.titleTooLong,
    });
    expect(errorsOf(createTaskSchema.safeParse({ clientId: CLIENT, title: 'a\u202Eb' }))).toEqual({
      title: TEXT_MESSAGES.singleLine,
    });
  });

  it('keeps line breaks in the details and turns empty fields into none', () => {
    expect(
      createTaskSchema.parse({
        clientId: CLIENT,
        bookingId: '',
        title: '  Send the statements ',
        details: 'first\nsecond',
        dueDate: '',
      }),
    ).toEqual({
      clientId: CLIENT,
      bookingId: null,
      title: 'Send the statements',
      details: 'first\nsecond',
      dueDate: null,
    });
  });

  it('an edit leaves out what it does not change and needs at least one field', () => {
    expect(updateTaskSchema.parse({ dueDate: null })).toEqual({
      title: undefined,
      details: undefined,
      dueDate: null,
      bookingId: undefined,
      status: undefined,
    });
    expect(errorsOf(updateTaskSchema.safeParse({}))).toEqual({ '': TASK_MESSAGES.nothingToChange });
  });
});

describe('due dates as people read them', () => {
  it('writes the day without shifting it to any zone', () => {
    expect(formatDueDay('2031-03-05')).toBe('Wednesday, 5 March 2031');
    expect(formatDueDay('2031-03-05', 'short')).toBe('Wed, 5 Mar 2031');
  });
});
