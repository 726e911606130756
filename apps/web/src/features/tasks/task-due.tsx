import { formatDueDay, type TaskRecord } from '@consult/shared';
import { Pill } from '../../components/ui/pill';

/** When a task is due, and whether that day has passed; done tasks say so instead. */
export function TaskDue({ task }: { task: TaskRecord }) {
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
      {task.status === 'done' ? (
        <Pill tone="bg-success-soft text-success">Done</Pill>
      ) : task.overdue ? (
        <Pill tone="bg-danger-soft text-danger">Overdue</Pill>
      ) : null}
      {task.dueDate ? (
        <span>Due {formatDueDay(task.dueDate, 'short')}</span>
      ) : (
        <span>No due date</span>
      )}
    </span>
  );
}
