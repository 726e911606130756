import { useId } from 'react';
import { toast } from 'sonner';
import type { TaskRecord } from '@consult/shared';
import { EmptyList } from '../../components/list-detail-layout';
import { LoadError, Skeleton } from '../../components/query-state';
import { PageHeader } from '../../components/ui/card';
import { errorMessage, errorStatus } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TaskDue } from './task-due';
import { formatInstant } from '../../lib/date-time';
import { useGetMyTasksQuery, useSetMyTaskStatusMutation } from './tasks-api';

/** /dash/tasks: what the consultant asked of the client, open first by due date. */
export function MyTasksPage({ timeZone }: { timeZone: string }) {
  const formatAt = (iso: string) => formatInstant(iso, timeZone);
  useDocumentTitle('Tasks');
  const { data, error, isLoading, refetch } = useGetMyTasksQuery();
  const open = data?.filter((task) => task.status === 'open') ?? [];
  const done = data?.filter((task) => task.status === 'done') ?? [];
  return (
    <>
      <PageHeader
        title="Tasks"
        intro="What your consultant asked you to do, with the soonest due first. Tick each one when it is done."
      />
      {isLoading ? (
        <Skeleton lines={4} label="Loading your tasks" />
      ) : !data ? (
        <LoadError what="your tasks" error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyList
          title="No tasks yet."
          hint="When your consultant gives you something to prepare, it appears here and you get an e-mail."
        />
      ) : (
        <div className="flex flex-col gap-8">
          <TaskGroup
            title={`To do (${open.length})`}
            tasks={open}
            empty="All done. Nothing is waiting for you."
            formatInstant={formatAt}
          />
          {done.length > 0 && (
            <TaskGroup title="Done" tasks={done} empty="" formatInstant={formatAt} />
          )}
        </div>
      )}
    </>
  );
}

function TaskGroup({
  title,
  tasks,
  empty,
  formatInstant,
}: {
  title: string;
  tasks: TaskRecord[];
  empty: string;
  formatInstant: (iso: string) => string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {tasks.length === 0 ? (
        <p className="text-base text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {tasks.map((task) => (
            <li key={task.id}>
              <MyTaskCard task={task} formatInstant={formatInstant} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyTaskCard({
  task,
  formatInstant,
}: {
  task: TaskRecord;
  formatInstant: (iso: string) => string;
}) {
  const checkboxId = useId();
  const detailsId = useId();
  const [setStatus] = useSetMyTaskStatusMutation();
  const done = task.status === 'done';
  const toggle = async () => {
    const result = await setStatus({ id: task.id, status: done ? 'open' : 'done' });
    if ('error' in result) {
      toast.error(
        errorStatus(result.error) === 404
          ? 'This task was removed by your consultant.'
          : errorMessage(result.error),
      );
    }
  };
  return (
    <article
      className={`flex items-start gap-4 rounded-2xl border bg-surface p-4 shadow-sm sm:p-5 ${
        task.overdue ? 'border-danger/60' : 'border-line'
      }`}
    >
      <input
        id={checkboxId}
        type="checkbox"
        checked={done}
        onChange={() => void toggle()}
        aria-describedby={task.details ? detailsId : undefined}
        className="mt-1 size-6 shrink-0 cursor-pointer accent-brand"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label
          htmlFor={checkboxId}
          className={`cursor-pointer text-base font-semibold wrap-anywhere ${
            done ? 'text-muted line-through' : 'text-ink'
          }`}
        >
          {task.title}
        </label>
        <TaskDue task={task} />
        {task.booking && (
          <p className="text-sm text-muted">
            For {task.booking.serviceTitle}, {formatInstant(task.booking.start)}
          </p>
        )}
        {task.details && (
          <p id={detailsId} className="text-base wrap-anywhere whitespace-pre-line text-ink">
            {task.details}
          </p>
        )}
        {done && task.completedAt && (
          <p className="text-sm text-muted">
            Done {formatInstant(task.completedAt)}
            {task.completedBy ? ` by ${task.completedBy.name}` : ''}
          </p>
        )}
      </div>
    </article>
  );
}
