/**
 * The tasks API's shapes: the client's list and tick, the owner's list, create and edit. The form
 * of /admin/tasks validates with the same schemas, so the server and the browser say the same.
 */
import { z } from 'zod';
import { isLocalDateString } from '../booking/fields';
import { isSingleLineText, isVisibleText, TEXT_MESSAGES, withoutNul } from '../text';
import { TASK_MESSAGES as M } from './messages';
import { TASK_DETAILS_MAX, TASK_STATUSES, TASK_TITLE_MAX } from './rules';

export const taskStatusSchema = z.enum(TASK_STATUSES, { error: M.statusInvalid });

export const TASK_STATUS_LABELS = {
  open: 'Open',
  done: 'Done',
} as const satisfies Record<z.infer<typeof taskStatusSchema>, string>;

export const taskTitleSchema = z
  .string({ error: M.titleRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, M.titleRequired)
  .max(TASK_TITLE_MAX, M.titleTooLong)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

/** Left out keeps what is stored (an edit), empty or null clears it, anything else is checked. */
function clearable<T extends z.ZodType<string>>(schema: T) {
  return z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
}

const detailsSchema = clearable(
  z
    .string({ error: M.detailsTooLong })
    .overwrite(withoutNul)
    .trim()
    .max(TASK_DETAILS_MAX, M.detailsTooLong)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters),
);
/** A calendar day in the client's zone. */
const dueDateSchema = clearable(
  z.string({ error: M.dueDateInvalid }).refine(isLocalDateString, M.dueDateInvalid),
);
const bookingIdSchema = clearable(z.uuid({ error: M.bookingInvalid }));

/** POST /api/admin/tasks. */
export const createTaskSchema = z.object({
  clientId: z.uuid({ error: M.clientInvalid }),
  bookingId: bookingIdSchema,
  title: taskTitleSchema,
  details: detailsSchema,
  dueDate: dueDateSchema,
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTask = z.output<typeof createTaskSchema>;

/** PATCH /api/admin/tasks/:id: any of the fields; left out stays as it is. */
export const updateTaskSchema = z
  .object({
    title: taskTitleSchema.optional(),
    details: detailsSchema,
    dueDate: dueDateSchema,
    bookingId: bookingIdSchema,
    status: taskStatusSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), M.nothingToChange);
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
export type UpdateTask = z.output<typeof updateTaskSchema>;

/** PATCH /api/tasks/:id: the client ticks a task done or reopens it. */
export const setTaskStatusSchema = z.object({ status: taskStatusSchema });
export type SetTaskStatusInput = z.infer<typeof setTaskStatusSchema>;

/** A task as the API shows it; `_id` and `id` carry the same value, as other records do. */
export const taskRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  clientId: z.string(),
  bookingId: z.string().nullable(),
  /** What the task is tied to, for lists: the booked service and its start (UTC, ISO 8601). */
  booking: z.object({ id: z.string(), serviceTitle: z.string(), start: z.string() }).nullable(),
  title: z.string(),
  details: z.string().nullable(),
  /** A calendar day in the client's zone, YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  status: taskStatusSchema,
  completedAt: z.string().nullable(),
  completedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Open, and its due day has passed in the client's zone. */
  overdue: z.boolean(),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;

/** GET /api/tasks: the signed-in client's tasks, open first by due date. */
export const tasksListSchema = z.object({ tasks: z.array(taskRecordSchema) });
export type TasksList = z.infer<typeof tasksListSchema>;

/** A task in the owner's lists: the record and whose it is. */
export const adminTaskRecordSchema = taskRecordSchema.extend({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminTaskRecord = z.infer<typeof adminTaskRecordSchema>;

/** GET /api/admin/tasks: by client, booking and status; open first by due date. */
export const adminTasksQuerySchema = z.object({
  client: z.uuid({ error: M.clientInvalid }).optional(),
  booking: z.uuid({ error: M.bookingInvalid }).optional(),
  status: taskStatusSchema.optional(),
  page: z.coerce
    .number({ error: M.pageInvalid })
    .int(M.pageInvalid)
    .min(1, M.pageInvalid)
    .default(1),
});
export type AdminTasksQuery = z.infer<typeof adminTasksQuerySchema>;

export const adminTasksPageSchema = z.object({
  tasks: z.array(adminTaskRecordSchema),
  currentPage: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  totalTasks: z.number().int().min(0),
});
export type AdminTasksPage = z.infer<typeof adminTasksPageSchema>;
