/**
 * A client's or a booking's tasks inside another owner screen (the client's panel on /admin/users,
 * a booking's detail), with "Add a task" for that client or booking. Each task opens on
 * /admin/tasks, where it is edited.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { EmptyList } from '../../components/list-detail-layout';
import { LoadError, Skeleton } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { TaskDue } from './task-due';
import { TaskForm } from './task-form';
import { useGetAdminTasksQuery } from './tasks-api';

const linkClasses = 'font-semibold text-brand underline underline-offset-4 hover:text-brand-strong';

export function TasksSection({
  clientId,
  bookingId,
  timeZone,
}: {
  clientId: string;
  /** Only this booking's tasks, and new ones tied to it. */
  bookingId?: string;
  timeZone: string;
}) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  // `currentData`: another client's tasks must not show while this one's load.
  const { currentData, error, isFetching, refetch } = useGetAdminTasksQuery(
    bookingId ? { booking: bookingId, page: 1 } : { client: clientId, page: 1 },
  );
  const listHref = `${paths.admin.tasks}?client=${encodeURIComponent(clientId)}&status=all`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          {bookingId ? 'Tasks for this booking' : 'Tasks'}
        </h3>
        {currentData && currentData.totalPages > 1 && (
          <Link to={listHref} className={linkClasses}>
            All {currentData.totalTasks} tasks
          </Link>
        )}
      </div>
      {!currentData && isFetching ? (
        <Skeleton lines={3} label="Loading their tasks" />
      ) : !currentData ? (
        <LoadError what="their tasks" error={error} onRetry={() => void refetch()} />
      ) : currentData.tasks.length === 0 ? (
        <EmptyList
          title="No tasks yet."
          hint="Tasks you give show on the client’s dashboard and reach them by e-mail."
        />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
          {currentData.tasks.map((task) => (
            <li key={task.id}>
              <Link
                to={`${listHref}&task=${encodeURIComponent(task.id)}`}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-brand-soft"
              >
                <span className="font-semibold wrap-anywhere text-ink">{task.title}</span>
                <TaskDue task={task} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <div className="rounded-xl border border-line p-4">
          <TaskForm
            mode="create"
            clientId={clientId}
            bookingId={bookingId}
            timeZone={timeZone}
            onDone={() => setAdding(false)}
            onCancel={() => setAdding(false)}
          />
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a task
          </Button>
        </div>
      )}
    </section>
  );
}
