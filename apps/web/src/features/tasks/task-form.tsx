/**
 * The owner's task form, for a new task or an edit: title, details, due date and the booking it is
 * for. It validates with the shared schema the server uses, and shows the server's field messages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  calendarDayIn,
  createTaskSchema,
  formatDueDay,
  MINUTE_MS,
  TASK_DETAILS_MAX,
  TASK_MAIL_FOLD_MINUTES,
  TASK_MESSAGES,
  TASK_TITLE_MAX,
  type AdminTaskRecord,
  type CreateTask,
  type CreateTaskInput,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { useMailDelivered } from '../../lib/site-brand-api';
import { ClientPicker, type PickedClient } from '../../components/client-picker';
import { useNow } from '../../hooks/use-now';
import { formatInstant } from '../../lib/date-time';
import {
  useCreateTaskMutation,
  useGetClientBookingsForTasksQuery,
  useSearchTaskClientsQuery,
  useUpdateTaskMutation,
} from './tasks-api';

const serverFields = ['clientId', 'bookingId', 'title', 'details', 'dueDate'] as const;

export type TaskFormProps = {
  /** The owner's zone, for the bookings' times. */
  timeZone: string;
  onDone: (task: AdminTaskRecord) => void;
  onCancel?: () => void;
} & (
  | {
      mode: 'create';
      /** Fixed when the form sits in a client's or a booking's panel; chosen otherwise. */
      clientId?: string;
      bookingId?: string;
    }
  | { mode: 'edit'; task: AdminTaskRecord }
);

export function TaskForm(props: TaskFormProps) {
  const editing = props.mode === 'edit' ? props.task : null;
  const fixedClientId = props.mode === 'create' ? props.clientId : editing?.clientId;
  const [client, setClient] = useState<PickedClient | null>(null);
  const clientId = fixedClientId ?? client?.id;
  const [create, creation] = useCreateTaskMutation();
  const [update, edit] = useUpdateTaskMutation();
  const error = creation.error ?? edit.error;
  // A due day already gone is asked about first: the client would see the task overdue at once.
  const [pastDate, setPastDate] = useState<string | null>(null);
  const mailDelivered = useMailDelivered();
  const today = calendarDayIn(useNow(MINUTE_MS), props.timeZone);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    control,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<CreateTaskInput, unknown, CreateTask>({
    resolver: zodResolver(createTaskSchema),
    defaultValues: {
      clientId: clientId ?? '',
      bookingId: editing?.bookingId ?? (props.mode === 'create' ? (props.bookingId ?? '') : ''),
      title: editing?.title ?? '',
      details: editing?.details ?? '',
      dueDate: editing?.dueDate ?? '',
    },
  });
  const dueDate = useWatch({ control, name: 'dueDate' });
  const bookings = useGetClientBookingsForTasksQuery(clientId ?? '', { skip: !clientId });

  const chooseClient = (chosen: PickedClient | null) => {
    setClient(chosen);
    setValue('clientId', chosen?.id ?? '');
    setValue('bookingId', '');
    clearErrors('clientId');
  };

  const save = async (values: CreateTask, pastConfirmed: boolean) => {
    creation.reset();
    edit.reset();
    const due = values.dueDate;
    if (due && due < today && due !== editing?.dueDate && !pastConfirmed) {
      setPastDate(due);
      return;
    }
    setPastDate(null);
    const { clientId, ...fields } = values;
    const result = editing
      ? await update({ id: editing.id, ...fields })
      : await create({ clientId, ...fields });
    if ('data' in result && result.data) {
      toast.success(
        editing
          ? 'The task is saved.'
          : mailDelivered === false
            ? `The task is assigned. Mail is not being delivered: ${result.data.client.name}'s e-mail is in the outbox (System → Outbox).`
            : `The task is assigned. ${result.data.client.name} gets an e-mail within ${TASK_MAIL_FOLD_MINUTES} minutes, with any other task you give them by then.`,
      );
      props.onDone(result.data);
    } else if ('error' in result) {
      applyFieldErrors(result.error, setError, serverFields);
    }
  };
  const onSubmit = handleSubmit((values) => save(values, false));
  const onConfirmPast = handleSubmit((values) => save(values, true));
  const problem = readProblem(error);
  const onlyFields = Object.keys(problem?.errors ?? {}).length > 0;

  const bookingOptions = [
    { value: '', label: 'No booking' },
    ...(bookings.data?.bookings ?? []).map((booking) => ({
      value: booking.id,
      label: `${booking.service.title}, ${formatInstant(booking.start, props.timeZone)}`,
    })),
  ];
  // The booking already chosen is offered before (and whether or not) the client's list has it.
  const chosen = editing?.booking
    ? {
        value: editing.booking.id,
        label: `${editing.booking.serviceTitle}, ${formatInstant(editing.booking.start, props.timeZone)}`,
      }
    : props.mode === 'create' && props.bookingId
      ? { value: props.bookingId, label: 'This booking' }
      : null;
  if (chosen && !bookingOptions.some((option) => option.value === chosen.value)) {
    bookingOptions.push(chosen);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {error && !onlyFields && <Alert tone="error">{errorMessage(error)}</Alert>}
      {fixedClientId ? null : (
        <ClientPicker
          value={client}
          onChange={chooseClient}
          error={errors.clientId?.message}
          useSearch={useSearchTaskClientsQuery}
        />
      )}
      <input type="hidden" {...register('clientId')} />
      <TextField
        label="Title"
        maxLength={TASK_TITLE_MAX}
        autoComplete="off"
        hint="What the client should do, in one line."
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Details (optional)"
        rows={4}
        maxLength={TASK_DETAILS_MAX}
        hint="Plain text; line breaks are kept."
        error={errors.details?.message}
        {...register('details')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Due date (optional)"
          type="date"
          hint="A day in the client’s time zone. They get a reminder the day before."
          error={errors.dueDate?.message}
          {...register('dueDate')}
        />
        {clientId && (
          <SelectField
            label="For the booking (optional)"
            options={bookingOptions}
            disabled={bookings.isLoading}
            error={
              errors.bookingId?.message ??
              (bookings.isError ? TASK_MESSAGES.bookingInvalid : undefined)
            }
            {...register('bookingId')}
          />
        )}
      </div>
      {pastDate && pastDate === dueDate && (
        <Alert tone="error" title={TASK_MESSAGES.dueDatePast}>
          <p>
            {formatDueDay(pastDate)} has passed: the client would see the task as overdue at once.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button disabled={isSubmitting} onClick={() => void onConfirmPast()}>
              Set it anyway
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setPastDate(null);
                setFocus('dueDate');
              }}
            >
              Change the date
            </Button>
          </div>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Save the task' : 'Assign the task'}
        </Button>
      </div>
    </form>
  );
}
