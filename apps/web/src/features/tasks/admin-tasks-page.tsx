/**
 * /admin/tasks: every client's tasks, open ones first by due date, with filters (status, client),
 * pages, a panel per task and "New task". Filters, page and the open panel live in the address.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths, TASK_STATUS_LABELS, taskStatusSchema, type AdminTaskRecord } from '@consult/shared';
import { EmptyList, ListDetailLayout } from '../../components/list-detail-layout';
import { ListRowLink, ListState } from '../../components/list-state';
import { Skeleton } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { SelectField } from '../../components/ui/select-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useListParams } from '../../lib/use-list-params';
import { TaskDue } from './task-due';
import { TaskForm } from './task-form';
import { TaskPanel } from './task-panel';
import { useGetAdminTasksQuery } from './tasks-api';

const ALL = 'all';

export function AdminTasksPage({ timeZone }: { timeZone: string }) {
  useDocumentTitle('Tasks');
  const navigate = useNavigate();
  const { params, page, selected, linkWith, change, setFilter } = useListParams(
    paths.admin.tasks,
    'task',
  );
  // Open tasks unless told otherwise: the list of what is still to do.
  const statusParam = params.get('status');
  const parsedStatus = taskStatusSchema.safeParse(statusParam ?? 'open');
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const clientParam = z.uuid().safeParse(params.get('client'));
  const client = clientParam.success ? clientParam.data : undefined;
  const creating = params.get('new') === '1';

  const { currentData, data, error, isLoading, isFetching, refetch } = useGetAdminTasksQuery({
    status,
    client,
    page,
  });
  const stale = !currentData && isFetching;
  // The open task stays in its panel when a change takes it out of the filtered list.
  const [kept, setKept] = useState<AdminTaskRecord | null>(null);
  const listed = data?.tasks.find((task) => task.id === selected);
  if (listed && listed !== kept) setKept(listed);
  const selectedTask = listed ?? (kept?.id === selected ? kept : undefined);

  const list = (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Status"
          value={status ?? ALL}
          onChange={(event) => setFilter('status', event.target.value)}
          options={[
            { value: 'open', label: 'Open tasks' },
            { value: 'done', label: 'Done tasks' },
            { value: ALL, label: 'All tasks' },
          ]}
        />
      </div>
      {client && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-brand-soft px-4 py-2">
          <p className="text-sm text-ink">
            One client&rsquo;s tasks{data?.tasks[0] ? `: ${data.tasks[0].client.name}` : ''}
          </p>
          <Button
            variant="ghost"
            className="min-h-10 px-3 py-1.5 text-sm"
            onClick={() => change({ client: null, page: null })}
          >
            Show all clients
          </Button>
        </div>
      )}
      <ListState
        loading={isLoading}
        loadingLabel="Loading tasks"
        data={data}
        items={data?.tasks}
        total={data?.totalTasks}
        what="the tasks"
        error={error}
        onRetry={() => void refetch()}
        fetching={isFetching}
        stale={stale}
        emptyTitle={status === 'open' ? 'No open tasks.' : 'No tasks match these filters.'}
        emptyHint="Give a client a task with “New task”, from their page in Users or from a booking."
        noun={['task', 'tasks']}
        renderItem={(task) => (
          <ListRowLink to={linkWith({ task: task.id, new: null })} selected={task.id === selected}>
            <span className="font-semibold wrap-anywhere text-ink">{task.title}</span>
            <span className="text-sm wrap-anywhere text-muted">
              {task.client.name}
              {task.booking ? ` · ${task.booking.serviceTitle}` : ''}
            </span>
            <TaskDue task={task} />
          </ListRowLink>
        )}
        hrefFor={(target) => linkWith({ page: String(target) })}
      />
    </div>
  );

  const closePanel = () => change({ task: null, new: null });

  return (
    <>
      <PageHeader
        title="Tasks"
        intro={`What your clients have to do. ${TASK_STATUS_LABELS.open} tasks come first, the soonest due on top.`}
        actions={<Button onClick={() => change({ new: '1', task: null })}>New task</Button>}
      />
      <ListDetailLayout
        list={list}
        panel={
          creating ? (
            <section aria-labelledby="new-task-title" className="flex flex-col gap-5">
              <h2 id="new-task-title" className="text-xl font-semibold text-ink">
                New task
              </h2>
              <TaskForm
                mode="create"
                timeZone={timeZone}
                onDone={(task) =>
                  void navigate(linkWith({ task: task.id, new: null }), { replace: true })
                }
                onCancel={closePanel}
              />
            </section>
          ) : selected ? (
            selectedTask ? (
              <TaskPanel
                key={selectedTask.id}
                task={selectedTask}
                timeZone={timeZone}
                onDeleted={closePanel}
              />
            ) : isFetching ? (
              <Skeleton lines={5} label="Loading the task" />
            ) : (
              <EmptyList
                title="This task is not in the list."
                hint="It may have been deleted, or it is on another page or under another status."
              />
            )
          ) : null
        }
        backLabel="← All tasks"
        onBack={closePanel}
        placeholder="Choose a task to see it, edit it or mark it done."
      />
    </>
  );
}
