/**
 * Tasks: action items the owner gives a client, optionally tied to one of their bookings. The due
 * date is a calendar day in the client's zone; `reminder_sent_at` marks the reminder of the day
 * before as queued, so the job sends it once.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema';
import { users } from '../users/schema';

// Spelled out rather than imported from @consult/shared: drizzle-kit loads this file on its own.
// A unit test checks that they equal TASK_STATUSES.
export const STORED_TASK_STATUSES = ['open', 'done'] as const;

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    details: text('details'),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', { enum: STORED_TASK_STATUSES }).notNull().default('open'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The client's list and a client's tasks in the owner's screens.
    index('tasks_client_status_due_idx').on(t.clientId, t.status, t.dueDate),
    index('tasks_booking_idx').on(t.bookingId),
    // The owner's list of all open (or done) tasks.
    index('tasks_status_due_idx').on(t.status, t.dueDate),
    index('tasks_completed_by_idx').on(t.completedBy),
    // What the reminder job looks at: open tasks with a due date and no reminder yet.
    index('tasks_reminder_due_idx')
      .on(t.dueDate)
      .where(sql`status = 'open' and reminder_sent_at is null and due_date is not null`),
    check('tasks_status_check', sql`${t.status} in ('open', 'done')`),
    check('tasks_title_check', sql`char_length(${t.title}) between 1 and 120`),
    check('tasks_details_check', sql`char_length(${t.details}) <= 2000`),
    check('tasks_completion_check', sql`(${t.status} = 'done') = (${t.completedAt} is not null)`),
  ],
);
