import { describe, expect, it } from 'vitest';
import { paths, type TaskRecord, type TasksList } from '@consult/shared';
import { makeTask } from '../../testing/mocks/data';
import { answer, apiPath, failing, http, pending } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  expectLoadError,
  expectLoading,
  findPageHeading,
  renderRoute,
  screen,
  waitFor,
} from '../../testing/test-utils';

describe('/dash/tasks', () => {
  it('shows a skeleton while the tasks load', async () => {
    server.use(pending('/tasks'));
    renderRoute(paths.tasks, { as: 'user' });
    await expectLoading('Loading your tasks');
  });

  it('says so when the tasks do not load', async () => {
    server.use(failing('/tasks'));
    renderRoute(paths.tasks, { as: 'user' });
    await expectLoadError('your tasks');
  });

  it('says there are no tasks yet', async () => {
    server.use(http.get(apiPath('/tasks'), () => answer<TasksList>({ tasks: [] })));
    renderRoute(paths.tasks, { as: 'user' });
    expect(await screen.findByText('No tasks yet.')).toBeVisible();
  });

  it('lists open tasks to do and done ones apart', async () => {
    const tasks = [
      makeTask({ id: 'open-1', title: 'Send the letter' }),
      makeTask({ id: 'done-1', title: 'Read the brief', status: 'done' }),
    ];
    server.use(http.get(apiPath('/tasks'), () => answer<TasksList>({ tasks })));
    renderRoute(paths.tasks, { as: 'user' });
    expect(await screen.findByRole('heading', { name: 'To do (1)' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Send the letter' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Read the brief' })).toBeChecked();
  });

  it('ticks a task at once and reloads the list the tick invalidates', async () => {
    let tasks: TaskRecord[] = [makeTask({ title: 'Send the letter' })];
    let listCalls = 0;
    server.use(
      http.get(apiPath('/tasks'), () => {
        listCalls += 1;
        return answer<TasksList>({ tasks });
      }),
      http.patch(apiPath('/tasks/:id'), async ({ request }) => {
        const { status } = (await request.json()) as Pick<TaskRecord, 'status'>;
        tasks = tasks.map((task) => ({ ...task, status }));
        return answer<TaskRecord>(tasks[0]!);
      }),
    );
    const { user } = renderRoute(paths.tasks, { as: 'user' });
    await user.click(await screen.findByRole('checkbox', { name: 'Send the letter' }));
    expect(screen.getByRole('checkbox', { name: 'Send the letter' })).toBeChecked();
    await waitFor(() => expect(listCalls).toBe(2));
    expect(await screen.findByRole('heading', { name: 'To do (0)' })).toBeVisible();
  });

  it('puts the tick back when the server refuses it', async () => {
    server.use(failing('/tasks/:id', 'patch'));
    const { user } = renderRoute(paths.tasks, { as: 'user' });
    const box = await screen.findByRole('checkbox', { name: makeTask().title });
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
  });
});

describe('the dashboard guard', () => {
  it('sends a visitor without a session to sign in', async () => {
    const { router } = renderRoute(paths.tasks);
    await findPageHeading('Sign in');
    expect(router.state.location.pathname).toBe(paths.signIn);
  });
});
