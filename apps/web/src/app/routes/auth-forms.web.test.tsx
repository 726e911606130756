/**
 * The signed-out account forms: sign-up, forgot-password and reset-password. Their messages are the
 * shared package's (`AUTH_MESSAGES`), the same words the server answers with.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_MESSAGES,
  paths,
  RESET_LINK_INVALID_PROBLEM_TYPE,
  type PublicSite,
} from '@consult/shared';
import type { RegisterRequest } from '../../features/auth/auth-api';
import { publicSite } from '../../testing/mocks/data';
import { answer, apiPath, http, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { findPageHeading, renderRoute, screen, waitFor } from '../../testing/test-utils';
import { detectTimeZone } from '../../lib/date-time';

const siteWithoutMail = http.get(apiPath('/site'), () =>
  answer<PublicSite>({ ...publicSite, mailDelivery: 'none' }),
);

describe('sign-up', () => {
  /**
   * The anti-bot check solves its challenge in a Web Worker, which the test DOM has not: this one
   * answers at once with a solved token, or with none (`token: null`) as a failed solve does.
   */
  function solvedChallenges(token: string | null = 'solved-token') {
    server.use(http.get(apiPath('/auth/challenge'), () => answer({ challenge: 'c' })));
    vi.stubGlobal(
      'Worker',
      class {
        onmessage: ((event: { data: { token?: string } }) => void) | null = null;
        postMessage() {
          queueMicrotask(() => this.onmessage?.({ data: token ? { token } : {} }));
        }
        terminate() {}
      },
    );
  }
  afterEach(() => vi.unstubAllGlobals());

  async function fillIn(user: ReturnType<typeof renderRoute>['user']) {
    await user.type(screen.getByLabelText('Full name'), 'Ada Client');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long harbour walk');
    await user.type(screen.getByLabelText('Date of birth'), '1990-04-23');
  }

  it('names each missing or wrong field with the shared messages', async () => {
    solvedChallenges();
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    await user.type(screen.getByLabelText('Phone (optional)'), '0123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(AUTH_MESSAGES.nameRequired)).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.dobInvalid)).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.phoneStart)).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a common password and an address that is not one before asking the server', async () => {
    solvedChallenges();
    let registrations = 0;
    server.use(
      http.post(apiPath('/auth/register'), () => {
        registrations += 1;
        return answer({ message: AUTH_MESSAGES.registered });
      }),
    );
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    await user.type(screen.getByLabelText('E-mail'), 'not an address');
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooCommon)).toBeVisible();
    expect(registrations).toBe(0);
  });

  it('fills in the address of an invitation link', async () => {
    solvedChallenges();
    renderRoute(`${paths.signUp}?email=invited%40example.com`);
    await findPageHeading('Create your account');
    expect(screen.getByLabelText('E-mail')).toHaveValue('invited@example.com');
  });

  it('says the zone was detected from the device only while it is the device zone', async () => {
    solvedChallenges();
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    expect(screen.getByText(/^Detected from this device;/)).toBeVisible();
    const device = detectTimeZone();
    await user.selectOptions(
      screen.getByLabelText('Time zone'),
      device === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo',
    );
    expect(await screen.findByText('Consultation times are shown in it.')).toBeVisible();
    expect(screen.queryByText(/Detected from this device/)).not.toBeInTheDocument();
  });

  it('sends the solved token with the fields and says to check the inbox', async () => {
    solvedChallenges('the-solution');
    let sent: RegisterRequest | undefined;
    server.use(
      http.post(apiPath('/auth/register'), async ({ request }) => {
        sent = (await request.json()) as RegisterRequest;
        return answer({ message: AUTH_MESSAGES.registered }, { status: 201 });
      }),
    );
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await findPageHeading('Check your e-mail');
    expect(screen.getByText(AUTH_MESSAGES.registered)).toBeVisible();
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(sent).toMatchObject({
      name: 'Ada Client',
      email: 'ada@example.com',
      DOB: '1990-04-23',
      token: 'the-solution',
    });
    expect(screen.getByRole('button', { name: /send/i })).toBeEnabled();
  });

  it('promises no link when the server delivers no mail', async () => {
    solvedChallenges();
    server.use(
      siteWithoutMail,
      http.post(apiPath('/auth/register'), () =>
        answer({ message: AUTH_MESSAGES.mailNotDelivered }, { status: 201 }),
      ),
    );
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await findPageHeading('Your account is created');
    expect(screen.getByText(AUTH_MESSAGES.mailNotDelivered)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute(
      'href',
      paths.signIn,
    );
  });

  it('puts the server’s field messages under their fields', async () => {
    solvedChallenges();
    server.use(
      http.post(apiPath('/auth/register'), () =>
        problem(400, {
          title: 'Bad Request',
          detail: 'Validation failed',
          errors: { password: [AUTH_MESSAGES.passwordTooCommon] },
        }),
      ),
    );
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooCommon)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it('shows a refusal without fields above the form', async () => {
    solvedChallenges();
    server.use(
      http.post(apiPath('/auth/register'), () =>
        problem(400, { title: 'Bad Request', detail: AUTH_MESSAGES.challengeFailed }),
      ),
    );
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(AUTH_MESSAGES.challengeFailed)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create your account');
  });

  it('says the anti-bot check failed when no token could be found', async () => {
    solvedChallenges(null);
    let registrations = 0;
    server.use(
      http.post(apiPath('/auth/register'), () => {
        registrations += 1;
        return answer({ message: AUTH_MESSAGES.registered });
      }),
    );
    const { user } = renderRoute(paths.signUp);
    await findPageHeading('Create your account');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(AUTH_MESSAGES.challengeFailed)).toBeVisible();
    expect(registrations).toBe(0);
  });
});

describe('forgot-password', () => {
  it('asks for an address with the shared messages', async () => {
    const { user } = renderRoute(paths.forgotPassword);
    await findPageHeading('Forgot your password?');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeVisible();
    await user.type(screen.getByLabelText('E-mail'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
  });

  it('says a link is on its way to the address typed', async () => {
    let sent: unknown;
    server.use(
      http.post(apiPath('/user/forgotPassword'), async ({ request }) => {
        sent = await request.json();
        return answer({ message: AUTH_MESSAGES.resetLinkSent });
      }),
    );
    const { user } = renderRoute(paths.forgotPassword);
    await findPageHeading('Forgot your password?');
    await user.type(screen.getByLabelText('E-mail'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await findPageHeading('Check your e-mail');
    expect(screen.getByText(AUTH_MESSAGES.resetLinkSent)).toBeVisible();
    expect(sent).toEqual({ email: 'ada@example.com' });
  });

  it('promises no link when the server delivers no mail', async () => {
    server.use(
      siteWithoutMail,
      http.post(apiPath('/user/forgotPassword'), () =>
        answer({ message: AUTH_MESSAGES.mailNotDelivered }),
      ),
    );
    const { user } = renderRoute(paths.forgotPassword);
    await findPageHeading('Forgot your password?');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await findPageHeading('No e-mail could be sent');
    expect(screen.getByText(AUTH_MESSAGES.mailNotDelivered)).toBeVisible();
  });

  it("shows the server's refusal above the form", async () => {
    server.use(
      http.post(apiPath('/user/forgotPassword'), () =>
        problem(429, { title: 'Too Many Requests', detail: 'Slow down, please.' }),
      ),
    );
    const { user } = renderRoute(paths.forgotPassword);
    await findPageHeading('Forgot your password?');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Slow down, please.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});

describe('reset-password', () => {
  const withToken = `${paths.resetPassword}?token=abc123`;

  it('offers a new link when the address has no token', async () => {
    renderRoute(paths.resetPassword);
    await findPageHeading('This link does not work');
    expect(screen.getByText(AUTH_MESSAGES.resetInvalid)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute(
      'href',
      paths.forgotPassword,
    );
  });

  it('checks the new password and that both match, with the shared messages', async () => {
    const { user } = renderRoute(withToken);
    await findPageHeading('Choose a new password');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooShort)).toBeVisible();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long harbour walk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long harbour wall');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeVisible();
    expect(screen.queryByText(AUTH_MESSAGES.passwordTooShort)).not.toBeInTheDocument();
  });

  it('sends the link’s token and offers to sign in once changed', async () => {
    let token: string | null = null;
    server.use(
      http.post(apiPath('/user/resetPassword'), ({ request }) => {
        token = new URL(request.url).searchParams.get('token');
        return answer({ message: AUTH_MESSAGES.passwordChanged });
      }),
    );
    const { user } = renderRoute(withToken);
    await findPageHeading('Choose a new password');
    await user.type(screen.getByLabelText('New password'), 'a long harbour walk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long harbour walk');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await findPageHeading('Password changed');
    expect(screen.getByText(AUTH_MESSAGES.passwordChanged)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.signIn);
    expect(token).toBe('abc123');
  });

  it('offers a new link when the server says the link is used or expired', async () => {
    server.use(
      http.post(apiPath('/user/resetPassword'), () =>
        problem(400, {
          type: RESET_LINK_INVALID_PROBLEM_TYPE,
          title: 'Bad Request',
          detail: AUTH_MESSAGES.resetInvalid,
        }),
      ),
    );
    const { user } = renderRoute(withToken);
    await findPageHeading('Choose a new password');
    await user.type(screen.getByLabelText('New password'), 'a long harbour walk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long harbour walk');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await findPageHeading('This link does not work');
    expect(screen.getByRole('link', { name: 'Get a new link' })).toBeVisible();
  });

  it('keeps the form and shows another refusal from the server', async () => {
    server.use(
      http.post(apiPath('/user/resetPassword'), () =>
        problem(400, {
          title: 'Bad Request',
          detail: 'Validation failed',
          errors: { password: [AUTH_MESSAGES.passwordTooCommon] },
        }),
      ),
    );
    const { user } = renderRoute(withToken);
    await findPageHeading('Choose a new password');
    await user.type(screen.getByLabelText('New password'), 'a long harbour walk');
    await user.type(screen.getByLabelText('Confirm new password'), 'a long harbour walk');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooCommon)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true'),
    );
  });
});
