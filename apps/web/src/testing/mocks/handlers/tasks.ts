import type { AdminTasksPage, TasksList } from '@consult/shared';
import { makeAdminTask, makeTask, page } from '../data';
import { answer, apiPath, http } from '../http';

export const tasksHandlers = [
  http.get(apiPath('/tasks'), () => answer<TasksList>({ tasks: [makeTask()] })),
  http.get(apiPath('/admin/tasks'), () => answer<AdminTasksPage>(page.tasks([makeAdminTask()]))),
];
