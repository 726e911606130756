/** One task in the owner's panel: what it says, whose it is, and edit, complete, reopen, delete. */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDueDay, paths, type AdminTaskRecord } from '@consult/shared';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DetailList } from '../../components/ui/detail-list';
import { errorMessage } from '../../lib/problem';
import { TaskDue } from './task-due';
import { TaskForm } from './task-form';
import { formatInstant } from '../../lib/date-time';
import { useDeleteTaskMutation, useUpdateTaskMutation } from './tasks-api';

const linkClasses = 'font-semibold text-brand underline underline-offset-4 hover:text-brand-strong';

export function TaskPanel({
  task: listed,
  timeZone,
  onDeleted,
}: {
  task: AdminTaskRecord;
  timeZone: string;
  onDeleted: () => void;
}) {
  // The answer of the last change, until the list catches up (or drops the task from its filter).
  const [latest, setLatest] = useState<AdminTaskRecord | null>(null);
  const task = latest && latest.updatedAt >= listed.updatedAt ? latest : listed;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [update, updating] = useUpdateTaskMutation();
  const [remove, removing] = useDeleteTaskMutation();
  const done = task.status === 'done';

  const toggle = async () => {
    const result = await update({ id: task.id, status: done ? 'open' : 'done' });
    if ('error' in result) {
      toast.error(errorMessage(result.error));
      return;
    }
    if (result.data) setLatest(result.data);
    toast.success(done ? 'The task is open again.' : 'The task is marked done.');
  };
  const confirmDelete = async () => {
    const result = await remove(task.id);
    setConfirming(false);
    if ('error' in result) {
      toast.error(errorMessage(result.error));
      return;
    }
    toast.success('The task is deleted.');
    onDeleted();
  };

  const rows: [string, ReactNode][] = [
    ['Due', task.dueDate ? formatDueDay(task.dueDate) : 'No due date'],
    ['Details', <span className="whitespace-pre-line">{task.details ?? 'None'}</span>],
  ];
  if (task.booking) {
    rows.push([
      'Booking',
      `${task.booking.serviceTitle}, ${formatInstant(task.booking.start, timeZone)}`,
    ]);
  }
  if (task.completedAt) {
    rows.push([
      'Completed',
      `${formatInstant(task.completedAt, timeZone)}${task.completedBy ? ` by ${task.completedBy.name}` : ''}`,
    ]);
  }
  rows.push(['Assigned', formatInstant(task.createdAt, timeZone)]);

  return (
    <section aria-labelledby="task-panel-title" className="flex flex-col gap-5">
      <div>
        <h2 id="task-panel-title" className="text-xl font-semibold wrap-anywhere text-ink">
          {task.title}
        </h2>
        <p className="mt-1 text-base text-muted">
          For{' '}
          <Link
            to={`${paths.admin.users}?user=${encodeURIComponent(task.client.id)}`}
            className={linkClasses}
          >
            {task.client.name}
          </Link>{' '}
          <span className="break-all">({task.client.email})</span>
        </p>
        <div className="mt-2">
          <TaskDue task={task} />
        </div>
      </div>
      {editing ? (
        <TaskForm
          key={task.updatedAt}
          mode="edit"
          task={task}
          timeZone={timeZone}
          onDone={(saved) => {
            setLatest(saved);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <DetailList rows={rows} />
          <div className="flex flex-wrap gap-3 border-t border-line pt-5">
            <Button onClick={() => void toggle()} disabled={updating.isLoading}>
              {done ? 'Reopen' : 'Mark done'}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this task?"
        confirmLabel="Delete the task"
        busyLabel="Deleting..."
        busy={removing.isLoading}
        tone="danger"
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      >
        <p>
          “{task.title}” disappears from {task.client.name}’s dashboard. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
