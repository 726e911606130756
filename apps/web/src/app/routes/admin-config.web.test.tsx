/**
 * /admin/config and its tabs: services and hours, payments, site content, the calendar feed and
 * sign-in security, each in its loading, error and filled states, the forms' shared messages, and
 * what a save reads again (the first-run checklist, the brand in the header).
 */
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED_MESSAGES,
  LOADING_TEXT,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDER_LABELS,
  paths,
  SITE_MESSAGES,
  type CalendarFeedView,
  type ConsultationService,
  type PaymentSettingsInput,
  type PaymentSettingsView,
  type PublicSite,
  type SecuritySettingsView,
  type ServicesList,
  type SetupChecklist,
  type SiteDocument,
} from '@consult/shared';
import { adminService, paymentSettings, publicSite, siteDocument } from '../../testing/mocks/data';
import {
  answer,
  apiPath,
  failing,
  http,
  pending,
  SERVER_ERROR_DETAIL,
} from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  currentPath,
  expectLoadError,
  expectLoading,
  findPageHeading,
  renderRoute,
  screen,
  waitFor,
  within,
} from '../../testing/test-utils';

const tab = (id: string) => `${paths.admin.config}?tab=${id}`;

describe('/admin/config: services and hours', () => {
  it('shows skeletons while the services and the hours load', async () => {
    server.use(pending('/admin/services'), pending('/admin/scheduling'));
    renderRoute(paths.admin.config, { as: 'admin' });
    await expectLoading('Loading services');
    expect(screen.getByRole('status', { name: 'Loading your hours and rules' })).toBeVisible();
  });

  it('says so when the hours and rules do not load', async () => {
    server.use(failing('/admin/scheduling'));
    renderRoute(paths.admin.config, { as: 'admin' });
    await expectLoadError('your hours and rules');
  });

  it('says so when the services do not load', async () => {
    server.use(failing('/admin/services'));
    renderRoute(paths.admin.config, { as: 'admin' });
    expect(await screen.findByText('Could not load the services')).toBeVisible();
  });

  it('lists the services with what can be done to each', async () => {
    renderRoute(paths.admin.config, { as: 'admin' });
    const services = await screen.findByRole('region', { name: 'Services' });
    expect(
      await within(services).findByRole('button', { name: `Edit ${adminService.title}` }),
    ).toBeVisible();
    expect(within(services).getByText('Active')).toBeVisible();
  });

  it('deactivates a service and reads the list again', async () => {
    let service = adminService;
    server.use(
      http.get(apiPath('/admin/services'), () => answer<ServicesList>({ services: [service] })),
      http.put(apiPath('/admin/services/:id'), async ({ request }) => {
        service = { ...service, active: ((await request.json()) as { active: boolean }).active };
        return answer<ConsultationService>(service);
      }),
    );
    const { user } = renderRoute(paths.admin.config, { as: 'admin' });
    const services = await screen.findByRole('region', { name: 'Services' });
    await user.click(
      await within(services).findByRole('button', { name: `Deactivate ${adminService.title}` }),
    );
    expect(await within(services).findByText('Inactive')).toBeVisible();
    expect(
      within(services).getByRole('button', { name: `Activate ${adminService.title}` }),
    ).toBeVisible();
  });

  it('asks for a first service when there is none', async () => {
    server.use(http.get(apiPath('/admin/services'), () => answer<ServicesList>({ services: [] })));
    renderRoute(paths.admin.config, { as: 'admin' });
    expect(
      await screen.findByText('No services yet. Add the first one so clients can book.'),
    ).toBeVisible();
  });

  it('shows the first-run checklist while items are left, linking to where each is set', async () => {
    server.use(
      http.get(apiPath('/admin/setup-checklist'), () =>
        answer<SetupChecklist>({
          items: [
            { id: 'business', done: true },
            { id: 'payments', done: false },
          ],
        }),
      ),
    );
    renderRoute(paths.admin.config, { as: 'admin' });
    const checklist = await screen.findByRole('region', { name: 'Finish setting up your site' });
    expect(within(checklist).getByText('1 of 2 still to do.', { exact: false })).toBeVisible();
    expect(within(checklist).getByRole('link', { name: 'Payment instructions' })).toHaveAttribute(
      'href',
      tab('payments'),
    );
  });

  it('holds the sections until the checklist has answered, so they do not jump down under the pointer', async () => {
    server.use(pending('/admin/setup-checklist'));
    renderRoute(paths.admin.config, { as: 'admin' });
    await findPageHeading('Configuration');
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_TEXT);
    expect(screen.queryByRole('navigation', { name: 'Configuration sections' })).toBeNull();
  });

  it('opens a tab from the section links', async () => {
    const { user, router } = renderRoute(paths.admin.config, { as: 'admin' });
    await findPageHeading('Configuration');
    const sections = await screen.findByRole('navigation', { name: 'Configuration sections' });
    await user.click(within(sections).getByRole('link', { name: 'Payments' }));
    expect(await screen.findByRole('region', { name: 'Payments and receipts' })).toBeVisible();
    expect(currentPath(router)).toBe(paths.admin.config);
    expect(router.state.location.search).toBe('?tab=payments');
  });
});

describe('/admin/config: payments', () => {
  it('shows a skeleton while the payment settings load', async () => {
    server.use(pending('/admin/payment-settings'));
    renderRoute(tab('payments'), { as: 'admin' });
    await expectLoading('Loading the payment settings');
  });

  it('says so when the payment settings do not load', async () => {
    server.use(failing('/admin/payment-settings'));
    renderRoute(tab('payments'), { as: 'admin' });
    await expectLoadError('the payment settings');
  });

  it('says clients pay by hand while Stripe has no keys, and offers no card choice', async () => {
    renderRoute(tab('payments'), { as: 'admin' });
    expect(
      await screen.findByText(`New paid bookings: ${PAYMENT_PROVIDER_LABELS.manual}`),
    ).toBeVisible();
    expect(screen.queryByRole('radio', { name: /Stripe/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Payment instructions')).toHaveValue(
      paymentSettings.settings.manualInstructions,
    );
  });

  it('checks the refund share and the tax rate with the shared messages', async () => {
    const { user } = renderRoute(tab('payments'), { as: 'admin' });
    const refund = await screen.findByLabelText('Refund when a client cancels (%)');
    await user.clear(refund);
    await user.type(refund, '150');
    await user.type(screen.getByLabelText('Tax rate (%)'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.refundShareInvalid)).toBeVisible();
    expect(screen.getByText(PAYMENT_MESSAGES.taxRateInvalid)).toBeVisible();
  });

  it('saves the settings and reads the checklist again', async () => {
    let sent: PaymentSettingsInput | undefined;
    let checklistReads = 0;
    server.use(
      http.put(apiPath('/admin/payment-settings'), async ({ request }) => {
        sent = (await request.json()) as PaymentSettingsInput;
        return answer<PaymentSettingsView>({
          ...paymentSettings,
          settings: { ...paymentSettings.settings, ...sent },
        });
      }),
      http.get(apiPath('/admin/setup-checklist'), () => {
        checklistReads += 1;
        return answer<SetupChecklist>({ items: [{ id: 'payments', done: true }] });
      }),
    );
    const { user } = renderRoute(tab('payments'), { as: 'admin' });
    const instructions = await screen.findByLabelText('Payment instructions');
    await user.clear(instructions);
    await user.type(instructions, 'Transfer to sort code 00-00-00.');
    await user.type(screen.getByLabelText('Tax rate (%)'), '20');
    await user.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect(await screen.findByText('Your payment settings are saved.')).toBeVisible();
    expect(sent).toMatchObject({
      manualInstructions: 'Transfer to sort code 00-00-00.',
      taxRateBasisPoints: 2000,
      clientRefundPercent: 100,
    });
    await waitFor(() => expect(checklistReads).toBeGreaterThanOrEqual(2));
  });
});

describe('/admin/config: site content', () => {
  it('shows a skeleton while the site content loads', async () => {
    server.use(pending('/admin/site'));
    renderRoute(tab('site'), { as: 'admin' });
    await expectLoading('Loading your site content');
  });

  it('says so when the site content does not load', async () => {
    server.use(failing('/admin/site'));
    renderRoute(tab('site'), { as: 'admin' });
    await expectLoadError('your site content');
  });

  it('names a required field left empty with the shared message', async () => {
    const { user } = renderRoute(tab('site'), { as: 'admin' });
    const name = await screen.findByLabelText('Business name');
    expect(name).toHaveValue(siteDocument.consultant.name);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText(SITE_MESSAGES.required('Business name'))).toBeVisible();
  });

  it('saves, and the header reads the new name at once', async () => {
    let site = publicSite;
    server.use(
      http.get(apiPath('/site'), () => answer<PublicSite>(site)),
      http.put(apiPath('/admin/site'), async ({ request }) => {
        const saved = (await request.json()) as SiteDocument;
        site = { ...site, consultant: saved.consultant };
        return answer<SiteDocument>({ ...siteDocument, consultant: saved.consultant });
      }),
    );
    const { user } = renderRoute(tab('site'), { as: 'admin' });
    const name = await screen.findByLabelText('Business name');
    await waitFor(() =>
      expect(screen.getAllByText(publicSite.consultant.name).length).toBeGreaterThan(0),
    );
    await user.clear(name);
    await user.type(name, 'Lighthouse Advisory');
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText(SITE_MESSAGES.saved)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText(publicSite.consultant.name)).not.toBeInTheDocument(),
    );
    expect(screen.getAllByText('Lighthouse Advisory').length).toBeGreaterThan(0);
  });
});

describe('/admin/config: calendars', () => {
  it('says so when the calendar address does not load', async () => {
    server.use(failing('/admin/calendar-feed'));
    renderRoute(tab('calendars'), { as: 'admin' });
    await expectLoadError('your calendar address');
  });

  it('offers to make an address when there is none', async () => {
    renderRoute(tab('calendars'), { as: 'admin' });
    const card = await screen.findByRole('region', { name: 'Bookings in your calendar' });
    expect(await within(card).findByText('No calendar address yet.')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Make a calendar address' })).toBeEnabled();
  });

  it('turns an address off after asking', async () => {
    let feed: CalendarFeedView = {
      active: true,
      createdAt: '2026-11-20T09:00:00.000Z',
      url: null,
    };
    server.use(
      http.get(apiPath('/admin/calendar-feed'), () => answer<CalendarFeedView>(feed)),
      http.delete(apiPath('/admin/calendar-feed'), () => {
        feed = { active: false, createdAt: null, url: null };
        return answer<CalendarFeedView>(feed);
      }),
    );
    const { user } = renderRoute(tab('calendars'), { as: 'admin' });
    const card = await screen.findByRole('region', { name: 'Bookings in your calendar' });
    expect(await within(card).findByText(/Your calendar address is on/)).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn the calendar address off?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.revoked)).toBeVisible();
    expect(await within(card).findByText('No calendar address yet.')).toBeVisible();
  });

  it("shows the server's words when a new address cannot be made", async () => {
    server.use(failing('/admin/calendar-feed/rotate', 'post'));
    const { user } = renderRoute(tab('calendars'), { as: 'admin' });
    const card = await screen.findByRole('region', { name: 'Bookings in your calendar' });
    await user.click(await within(card).findByRole('button', { name: 'Make a calendar address' }));
    expect(await within(card).findByText(SERVER_ERROR_DETAIL)).toBeVisible();
  });
});

describe('/admin/config: sign-in security', () => {
  it('shows a skeleton while the settings load', async () => {
    server.use(pending('/admin/security-settings'));
    renderRoute(tab('security'), { as: 'admin' });
    await expectLoading('Loading the sign-in security settings');
  });

  it('says so when the settings do not load', async () => {
    server.use(failing('/admin/security-settings'));
    renderRoute(tab('security'), { as: 'admin' });
    await expectLoadError('the sign-in security settings');
  });

  it('counts the admins without two factors and asks the owner to turn theirs on first', async () => {
    renderRoute(tab('security'), { as: 'admin' });
    expect(await screen.findByText('1 admin account has not turned it on yet.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'your profile' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the requirement and reads the settings again', async () => {
    let settings: SecuritySettingsView = {
      requireTwoFactorForAdmins: false,
      adminsWithoutTwoFactor: 0,
    };
    server.use(
      http.get(apiPath('/admin/security-settings'), () => answer<SecuritySettingsView>(settings)),
      http.put(apiPath('/admin/security-settings'), async ({ request }) => {
        settings = { ...settings, ...((await request.json()) as object) };
        return answer<SecuritySettingsView>(settings);
      }),
    );
    const { user } = renderRoute(tab('security'), { as: 'admin' });
    await user.click(
      await screen.findByRole('checkbox', {
        name: /Require two-factor sign-in for admin accounts/,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admins now need two-factor sign-in.')).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: /Require two-factor sign-in for admin accounts/ }),
      ).toBeChecked(),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
