import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, paths } from '@consult/shared';
import { accessTokenFor } from '../../testing/mocks/handlers/auth';
import { adminUser } from '../../testing/mocks/data';
import { answer, apiPath, http, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  currentPath,
  findPageHeading,
  renderRoute,
  screen,
  waitFor,
} from '../../testing/test-utils';

describe('sign-in', () => {
  it('asks for both fields with the one shared sentence', async () => {
    const { user } = renderRoute(paths.signIn);
    await findPageHeading('Sign in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.loginFieldsRequired)).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    server.use(
      http.post(apiPath('/auth'), () =>
        problem(401, { title: 'Unauthorized', detail: AUTH_MESSAGES.incorrectCredentials }),
      ),
    );
    const { user } = renderRoute(paths.signIn);
    await findPageHeading('Sign in');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.incorrectCredentials)).toBeInTheDocument();
  });

  it('takes an admin to the admin area', async () => {
    server.use(
      http.post(apiPath('/auth'), () =>
        answer({
          accessToken: accessTokenFor({ id: adminUser.id, email: adminUser.email, role: 'admin' }),
        }),
      ),
    );
    const { user, router } = renderRoute(paths.signIn);
    await findPageHeading('Sign in');
    await user.type(screen.getByLabelText('E-mail'), adminUser.email);
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/admin/));
  });
});
