/**
 * The profile screens, /dash/profile for a client and /admin/profile for the owner: the details,
 * sign-in address and password forms with their shared messages, the signed-in sessions and the
 * two-factor card, and what each change reads again.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  paths,
  TWO_FACTOR_MESSAGES,
  type RecoveryCodes,
  type SessionsEnded,
  type SignedInSessions,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
} from '@consult/shared';
import { clientUser, currentSession, otherSession, twoFactorOff } from '../../testing/mocks/data';
import { answer, apiPath, failing, http, pending, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  expectLoadError,
  expectLoading,
  findPageHeading,
  renderRoute,
  screen,
  waitFor,
  within,
} from '../../testing/test-utils';

async function openProfile(as: 'user' | 'admin' = 'user') {
  const view = renderRoute(as === 'admin' ? paths.admin.profile : paths.profile, { as });
  await findPageHeading('Profile');
  return view;
}

const card = (name: string) => screen.findByRole('region', { name });

describe('/dash/profile', () => {
  it('shows a skeleton while the profile loads', async () => {
    server.use(pending('/user'));
    renderRoute(paths.profile, { as: 'user' });
    await expectLoading('Loading your profile');
  });

  it('says so when the profile does not load', async () => {
    server.use(failing('/user'));
    renderRoute(paths.profile, { as: 'user' });
    await expectLoadError('your profile');
  });

  it('fills the details form and saves only once something changed', async () => {
    await openProfile();
    const details = await card('Personal details');
    expect(within(details).getByLabelText('Full name')).toHaveValue(clientUser.name);
    expect(within(details).getByRole('button', { name: 'Save details' })).toBeDisabled();
    expect(await card('Privacy')).toBeVisible();
  });

  it('names a missing name and a phone without its country code', async () => {
    const { user } = await openProfile();
    const details = await card('Personal details');
    await user.clear(within(details).getByLabelText('Full name'));
    await user.type(within(details).getByLabelText('Phone (optional)'), '07700 900123');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await within(details).findByText(AUTH_MESSAGES.nameRequired)).toBeVisible();
    expect(within(details).getByText(AUTH_MESSAGES.phoneStart)).toBeVisible();
  });

  it('saves the details and reads the account again', async () => {
    let name = clientUser.name;
    let reads = 0;
    server.use(
      http.get(apiPath('/user'), () => {
        reads += 1;
        return answer<User>({ ...clientUser, name });
      }),
      http.patch(apiPath('/user'), async ({ request }) => {
        name = ((await request.json()) as { name: string }).name;
        return answer<User>({ ...clientUser, name });
      }),
    );
    const { user } = await openProfile();
    const details = await card('Personal details');
    await user.clear(within(details).getByLabelText('Full name'));
    await user.type(within(details).getByLabelText('Full name'), 'Ada Lovelace');
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved.')).toBeVisible();
    await waitFor(() => expect(reads).toBe(2));
    expect(within(details).getByLabelText('Full name')).toHaveValue('Ada Lovelace');
  });

  it('refuses the current address or a malformed one as a new sign-in e-mail', async () => {
    const { user } = await openProfile();
    const email = await card('Sign-in e-mail');
    await user.type(within(email).getByLabelText('New e-mail address'), 'ada@');
    await user.click(within(email).getByRole('button', { name: 'Change e-mail' }));
    expect(await within(email).findByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
    await user.clear(within(email).getByLabelText('New e-mail address'));
    await user.type(within(email).getByLabelText('New e-mail address'), clientUser.email);
    await user.click(within(email).getByRole('button', { name: 'Change e-mail' }));
    expect(await within(email).findByText('That is already your sign-in address.')).toBeVisible();
  });

  it('shows a change of address waiting for its confirmation', async () => {
    server.use(
      http.get(apiPath('/user'), () =>
        answer<User>({ ...clientUser, pendingEmail: 'ada.new@example.com' }),
      ),
    );
    await openProfile();
    const email = await card('Sign-in e-mail');
    expect(within(email).getByText('Change waiting for confirmation')).toBeVisible();
    expect(within(email).getByText('ada.new@example.com')).toBeVisible();
    expect(screen.getByText('Confirm your new e-mail address')).toBeVisible();
  });

  it('checks the password change before sending it', async () => {
    const { user } = await openProfile();
    const password = await card('Password');
    await user.type(within(password).getByLabelText('New password'), 'a long harbour walk');
    await user.type(within(password).getByLabelText('Confirm new password'), 'another walk');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText(AUTH_MESSAGES.currentPasswordRequired)).toBeVisible();
    expect(within(password).getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeVisible();
  });

  it('puts a wrong current password under its field', async () => {
    server.use(
      http.patch(apiPath('/user'), () =>
        problem(400, {
          title: 'Bad Request',
          detail: AUTH_MESSAGES.currentPasswordIncorrect,
          errors: { currentPassword: [AUTH_MESSAGES.currentPasswordIncorrect] },
        }),
      ),
    );
    const { user } = await openProfile();
    const password = await card('Password');
    await user.type(within(password).getByLabelText('Current password'), 'not it');
    await user.type(within(password).getByLabelText('New password'), 'a long harbour walk');
    await user.type(within(password).getByLabelText('Confirm new password'), 'a long harbour walk');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText(AUTH_MESSAGES.currentPasswordIncorrect)).toBeVisible();
    expect(within(password).getByLabelText('Current password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('changes the password and empties the form', async () => {
    server.use(http.patch(apiPath('/user'), () => answer<User>(clientUser)));
    const { user } = await openProfile();
    const password = await card('Password');
    await user.type(within(password).getByLabelText('Current password'), 'the old one');
    await user.type(within(password).getByLabelText('New password'), 'a long harbour walk');
    await user.type(within(password).getByLabelText('Confirm new password'), 'a long harbour walk');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password is changed. Other devices have been signed out.'),
    ).toBeVisible();
    expect(within(password).getByLabelText('Current password')).toHaveValue('');
  });
});

describe('the signed-in sessions card', () => {
  it('shows a skeleton while the sessions load', async () => {
    server.use(pending('/user/sessions'));
    await openProfile();
    await expectLoading('Loading your sessions');
  });

  it('says so when the sessions do not load', async () => {
    server.use(failing('/user/sessions'));
    await openProfile();
    await expectLoadError('your sessions');
  });

  it('marks this device and offers to sign the others out', async () => {
    await openProfile();
    const sessions = await card('Signed-in sessions');
    const list = await within(sessions).findByRole('list', { name: 'Sessions' });
    expect(within(list).getByText(currentSession.device)).toBeVisible();
    expect(within(list).getByText('This device')).toBeVisible();
    expect(within(list).getByText(otherSession.ip!)).toBeVisible();
    expect(
      within(list).getByRole('button', { name: `Sign out this session: ${otherSession.device}` }),
    ).toBeEnabled();
    expect(
      within(sessions).getByRole('button', { name: 'Sign out everywhere else' }),
    ).toBeVisible();
  });

  it('says when this is the only device', async () => {
    server.use(
      http.get(apiPath('/user/sessions'), () =>
        answer<SignedInSessions>({ sessions: [currentSession] }),
      ),
    );
    await openProfile();
    const sessions = await card('Signed-in sessions');
    expect(
      await within(sessions).findByText('This is the only device signed in to your account.'),
    ).toBeVisible();
    expect(
      within(sessions).queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument();
  });

  it('signs one other session out and reads the list again', async () => {
    let sessions = [currentSession, otherSession];
    let ended: string | undefined;
    server.use(
      http.get(apiPath('/user/sessions'), () => answer<SignedInSessions>({ sessions })),
      http.delete(apiPath('/user/sessions/:id'), ({ params }) => {
        ended = String(params.id);
        sessions = [currentSession];
        return new Response(null, { status: 204 });
      }),
    );
    const { user } = await openProfile();
    await user.click(
      await screen.findByRole('button', { name: `Sign out this session: ${otherSession.device}` }),
    );
    expect(await screen.findByText(`${otherSession.device} is signed out.`)).toBeVisible();
    await waitFor(() => expect(screen.queryByText(otherSession.ip!)).not.toBeInTheDocument());
    expect(ended).toBe(otherSession.id);
  });

  it('signs out everywhere else after asking, and says how many', async () => {
    let sessions = [currentSession, otherSession];
    server.use(
      http.get(apiPath('/user/sessions'), () => answer<SignedInSessions>({ sessions })),
      http.post(apiPath('/user/sessions/revoke-others'), () => {
        sessions = [currentSession];
        return answer<SessionsEnded>({ ended: 1 });
      }),
    );
    const { user } = await openProfile();
    const sessionsCard = await card('Signed-in sessions');
    await user.click(
      await within(sessionsCard).findByRole('button', { name: 'Sign out everywhere else' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out 1 other session.')).toBeVisible();
    expect(
      await within(sessionsCard).findByText('This is the only device signed in to your account.'),
    ).toBeVisible();
  });
});

describe('the two-factor card', () => {
  const setup: TwoFactorSetup = {
    otpauthUrl: 'otpauth://totp/Harbour:ada@example.com?secret=JBSWY3DPEHPK3PXP',
    secret: 'JBSWY3DPEHPK3PXP',
    qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };

  it('says so when its status does not load', async () => {
    server.use(failing('/user/2fa'));
    await openProfile();
    await expectLoadError('two-factor sign-in');
  });

  it('sets two factors up: the key, a checked code, then the recovery codes', async () => {
    let status = twoFactorOff;
    let sentCode: unknown;
    server.use(
      http.get(apiPath('/user/2fa'), () => answer<TwoFactorStatus>(status)),
      http.post(apiPath('/user/2fa/setup'), () => answer<TwoFactorSetup>(setup)),
      http.post(apiPath('/user/2fa/confirm'), async ({ request }) => {
        sentCode = ((await request.json()) as { code: string }).code;
        status = {
          enabled: true,
          enabledAt: '2026-11-20T09:00:00.000Z',
          recoveryCodesLeft: 10,
          required: false,
        };
        return answer<RecoveryCodes>({ recoveryCodes: ['abcd-efgh-2345-6789'] });
      }),
    );
    const { user } = await openProfile();
    const twoFactor = await card('Two-factor sign-in');
    expect(await within(twoFactor).findByText('Off.')).toBeVisible();
    await user.click(within(twoFactor).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await within(twoFactor).findByText('JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await user.type(within(twoFactor).getByLabelText('6-digit code'), '12');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await within(twoFactor).findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeVisible();
    expect(sentCode).toBeUndefined();
    await user.clear(within(twoFactor).getByLabelText('6-digit code'));
    await user.type(within(twoFactor).getByLabelText('6-digit code'), '123 456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await within(twoFactor).findByText('Save your recovery codes now')).toBeVisible();
    expect(within(twoFactor).getByText('abcd-efgh-2345-6789')).toBeVisible();
    expect(sentCode).toBe('123 456');
  });

  it("shows the server's refusal of a wrong code under the field", async () => {
    server.use(
      http.post(apiPath('/user/2fa/setup'), () => answer<TwoFactorSetup>(setup)),
      http.post(apiPath('/user/2fa/confirm'), () =>
        problem(400, {
          title: 'Bad Request',
          detail: TWO_FACTOR_MESSAGES.codeWrong,
          errors: { code: [TWO_FACTOR_MESSAGES.codeWrong] },
        }),
      ),
    );
    const { user } = await openProfile();
    const twoFactor = await card('Two-factor sign-in');
    await user.click(
      await within(twoFactor).findByRole('button', { name: 'Set up two-factor sign-in' }),
    );
    await user.type(await within(twoFactor).findByLabelText('6-digit code'), '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await within(twoFactor).findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeVisible();
  });

  it('warns when few recovery codes are left', async () => {
    server.use(
      http.get(apiPath('/user/2fa'), () =>
        answer<TwoFactorStatus>({
          enabled: true,
          enabledAt: '2026-11-20T09:00:00.000Z',
          recoveryCodesLeft: 0,
          required: false,
        }),
      ),
    );
    await openProfile();
    const twoFactor = await card('Two-factor sign-in');
    expect(
      await within(twoFactor).findByText(
        'No recovery codes left: make new ones so that a lost phone does not lock you out.',
      ),
    ).toBeVisible();
    expect(within(twoFactor).getByRole('button', { name: 'Turn off' })).toBeVisible();
  });
});

describe('/admin/profile', () => {
  it('tells an admin the owner requires two factors, with the card first', async () => {
    server.use(
      http.get(apiPath('/user/2fa'), () =>
        answer<TwoFactorStatus>({ ...twoFactorOff, required: true }),
      ),
    );
    await openProfile('admin');
    expect(await screen.findByText('Required for admin accounts')).toBeVisible();
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'));
    const twoFactor = (await card('Two-factor sign-in')).getAttribute('aria-labelledby');
    const details = (await card('Personal details')).getAttribute('aria-labelledby');
    expect(regions.indexOf(twoFactor)).toBeLessThan(regions.indexOf(details));
    expect(screen.queryByRole('region', { name: 'Privacy' })).not.toBeInTheDocument();
  });
});
