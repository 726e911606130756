/** The tasks calls: the client's list and ticks, the owner's list, create, edit and delete. */
import type {
  AdminBookingsPage,
  AdminTaskRecord,
  AdminTasksPage,
  CreateTaskInput,
  TaskRecord,
  TaskStatus,
  TasksList,
  UpdateTaskInput,
  UsersPage,
} from '@consult/shared';
import { api } from '../../lib/api';

export interface AdminTasksArgs {
  status?: TaskStatus;
  /** One client's tasks (their user id). */
  client?: string;
  /** One booking's tasks. */
  booking?: string;
  page: number;
}

/** The query string of the owner's list: empty filters are left out. */
export function adminTasksParams(args: AdminTasksArgs): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyTasks: build.query<TaskRecord[], void>({
      query: () => '/tasks',
      transformResponse: (response: TasksList) => response.tasks,
      providesTags: ['Task'],
    }),
    /** Ticks show at once; the list is put back if the server refuses. */
    setMyTaskStatus: build.mutation<TaskRecord, { id: string; status: TaskStatus }>({
      query: ({ id, status }) => ({
        url: `/tasks/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { status },
      }),
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          tasksApi.util.updateQueryData('getMyTasks', undefined, (tasks) => {
            const task = tasks.find((item) => item.id === id);
            if (!task) return;
            task.status = status;
            task.completedAt = status === 'done' ? new Date().toISOString() : null;
            if (status === 'done') task.overdue = false;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Task'],
    }),
    getAdminTasks: build.query<AdminTasksPage, AdminTasksArgs>({
      query: (args) => ({ url: '/admin/tasks', params: adminTasksParams(args) }),
      providesTags: ['Task'],
    }),
    createTask: build.mutation<AdminTaskRecord, CreateTaskInput>({
      query: (body) => ({ url: '/admin/tasks', method: 'POST', body }),
      invalidatesTags: ['Task'],
    }),
    updateTask: build.mutation<AdminTaskRecord, { id: string } & UpdateTaskInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/tasks/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Task'],
    }),
    deleteTask: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/tasks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Task'],
    }),
    /** Clients to give a task to: the accounts search of /admin/users. */
    searchTaskClients: build.query<UsersPage, string>({
      query: (search) => ({
        url: '/admin/users',
        params: { ...(search ? { search } : {}), page: 1, pageSize: 8 },
      }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** A client's latest bookings, to tie a task to one of them. */
    getClientBookingsForTasks: build.query<AdminBookingsPage, string>({
      query: (client) => ({ url: '/admin/bookings', params: { client, page: 1 } }),
      providesTags: ['Booking'],
    }),
  }),
});

export const {
  useGetMyTasksQuery,
  useSetMyTaskStatusMutation,
  useGetAdminTasksQuery,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useDeleteTaskMutation,
  useSearchTaskClientsQuery,
  useGetClientBookingsForTasksQuery,
} = tasksApi;
