/**
 * The owner's overview screens: /admin/upcoming (the timeline, refunds owed, accounts and system
 * cards) and /admin/system (status, audit log, outbox), each in its loading, error, empty and filled
 * states, and what a cancellation on the timeline reads again.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  BOOKING_CANCEL_REASON_MAX,
  adminPaymentPath,
  CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE,
  OUTBOX_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_STATUS_LABELS,
  paths,
  type AdminBookingRecord,
  type AdminBookingsPage,
  type AdminPaymentDetail,
  type AdminPaymentRecord,
  type AdminPaymentsPage,
  type AuditPage,
  type OutboxPage,
  type SystemStatus,
} from '@consult/shared';
import {
  auditEntry,
  makeAdminBooking,
  makeAdminPayment,
  outboxMail,
  page,
  systemStatus,
} from '../../testing/mocks/data';
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** A booking the day after tomorrow at noon (UTC), inside the timeline's days. */
function soonBooking(overrides: Partial<AdminBookingRecord> = {}): AdminBookingRecord {
  const start = new Date(Date.now() + 2 * DAY_MS);
  start.setUTCHours(12, 0, 0, 0);
  const end = new Date(start.getTime() + 60 * 60 * 1000);
  return makeAdminBooking({ start: start.toISOString(), end: end.toISOString(), ...overrides });
}

const timeline = (bookings: AdminBookingRecord[]) =>
  http.get(apiPath('/admin/bookings'), () => answer<AdminBookingsPage>(page.bookings(bookings)));

describe('/admin/upcoming', () => {
  it('shows a skeleton while the bookings load', async () => {
    server.use(pending('/admin/bookings'));
    renderRoute(paths.admin.upcoming, { as: 'admin' });
    await expectLoading('Loading the bookings');
  });

  it('says so when the bookings do not load', async () => {
    server.use(failing('/admin/bookings'));
    renderRoute(paths.admin.upcoming, { as: 'admin' });
    await expectLoadError('the bookings');
  });

  it('shows every day free when nothing is booked', async () => {
    server.use(timeline([]));
    renderRoute(paths.admin.upcoming, { as: 'admin' });
    await findPageHeading('Upcoming');
    expect((await screen.findAllByText('Nothing booked.')).length).toBeGreaterThan(1);
    expect(screen.getByText('bookings to come', { exact: false })).toHaveTextContent(
      '0 bookings to come',
    );
    expect(screen.getByText('Today')).toBeVisible();
  });

  it('lists a booking on its day with its client and actions', async () => {
    const booking = soonBooking({ priceMinor: 9000, paymentDue: true });
    server.use(timeline([booking]));
    renderRoute(paths.admin.upcoming, { as: 'admin' });
    const entry = (await screen.findByText(booking.service.title)).closest('li')!;
    expect(within(entry).getByRole('link', { name: booking.client.name })).toBeVisible();
    expect(within(entry).getByText(booking.reference)).toBeVisible();
    expect(within(entry).getByText(/to pay$/)).toBeVisible();
    expect(screen.getByText(/booking to come/)).toHaveTextContent(
      '1 booking to come · 1 with payment due',
    );
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  });

  it('hides cancelled bookings until asked to show them', async () => {
    const booking = soonBooking({ state: 'cancelled' });
    server.use(timeline([booking]));
    const { user } = renderRoute(paths.admin.upcoming, { as: 'admin' });
    await screen.findAllByText('Nothing booked.');
    expect(screen.queryByText(booking.service.title)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Show cancelled and expired'));
    expect(await screen.findByText(booking.service.title)).toBeVisible();
  });

  it('refuses a cancellation reason over the limit with the shared message', async () => {
    server.use(timeline([soonBooking()]));
    const { user } = renderRoute(paths.admin.upcoming, { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByLabelText('Reason (optional)'));
    await user.paste('x'.repeat(BOOKING_CANCEL_REASON_MAX + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByText(BOOKING_MESSAGES.reasonTooLong)).toBeVisible();
  });

  it('cancels a paid booking and reads the timeline and the refunds owed again', async () => {
    let booking = soonBooking({ priceMinor: 9000, paidAt: '2026-11-01T09:00:00.000Z' });
    let refundsOwed = 0;
    server.use(
      http.get(apiPath('/admin/bookings'), () =>
        answer<AdminBookingsPage>(page.bookings([booking])),
      ),
      http.get(apiPath('/admin/payments'), () =>
        answer<AdminPaymentsPage>(
          page.payments(refundsOwed ? [makeAdminPayment({ refundPendingMinor: 9000 })] : []),
        ),
      ),
      http.post(apiPath('/admin/bookings/:id/cancel'), () => {
        booking = { ...booking, state: 'cancelled' };
        refundsOwed = 1;
        return answer<AdminBookingRecord>(booking);
      }),
    );
    const { user } = renderRoute(paths.admin.upcoming, { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    // The cancellation settled the payment too: the notice of refunds owed is read again.
    const notice = await screen.findByRole('region', { name: 'Refunds owed' });
    expect(within(notice).getByText('Refunds owed 1')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(booking.service.title)).not.toBeInTheDocument());
  });

  it('shows the newest accounts and a healthy system beside the timeline', async () => {
    renderRoute(paths.admin.upcoming, { as: 'admin' });
    const accounts = await screen.findByRole('region', { name: 'Accounts' });
    expect(await within(accounts).findByText('2 accounts in total.')).toBeVisible();
    const system = screen.getByRole('region', { name: 'System health' });
    expect(
      await within(system).findByText(`All systems working · version ${systemStatus.version}`),
    ).toBeVisible();
  });

  it('says what needs attention when mail is not delivered and a job fails', async () => {
    server.use(
      http.get(apiPath('/admin/system'), () =>
        answer<SystemStatus>({
          ...systemStatus,
          mail: { ...systemStatus.mail, failed: 2 },
          jobs: {
            started: true,
            jobs: [{ ...systemStatus.jobs.jobs[0]!, lastError: 'SMTP refused' }],
          },
        }),
      ),
    );
    renderRoute(paths.admin.upcoming, { as: 'admin' });
    const system = await screen.findByRole('region', { name: 'System health' });
    expect(await within(system).findByText('Needs attention')).toBeVisible();
    expect(within(system).getByText('2 e-mails failed to send.')).toBeVisible();
    expect(within(system).getByText('Job mail-outbox reported an error.')).toBeVisible();
  });

  it('says so when the accounts or the system status do not load', async () => {
    server.use(failing('/admin/users'), failing('/admin/system'));
    renderRoute(paths.admin.upcoming, { as: 'admin' });
    expect(await screen.findByText('Could not load the accounts')).toBeVisible();
    expect(await screen.findByText('Could not load the system status')).toBeVisible();
  });
});

describe('/admin/system', () => {
  it('shows a skeleton while the status loads', async () => {
    server.use(pending('/admin/system'));
    renderRoute(paths.admin.system, { as: 'admin' });
    await expectLoading('Loading the system status');
  });

  it('says so when the status does not load', async () => {
    server.use(failing('/admin/system'));
    renderRoute(paths.admin.system, { as: 'admin' });
    await expectLoadError('the system status');
  });

  it('shows a healthy status with its figures', async () => {
    renderRoute(paths.admin.system, { as: 'admin' });
    expect(await screen.findByText('All systems working')).toBeVisible();
    const serverCard = screen.getByRole('region', { name: 'Server' });
    expect(within(serverCard).getByText(systemStatus.version)).toBeVisible();
    expect(screen.getByText('mail-outbox')).toBeVisible();
  });

  it('warns when mail is not delivered', async () => {
    server.use(
      http.get(apiPath('/admin/system'), () =>
        answer<SystemStatus>({ ...systemStatus, mail: { ...systemStatus.mail, delivery: 'none' } }),
      ),
    );
    renderRoute(paths.admin.system, { as: 'admin' });
    expect(await screen.findByText('Needs attention')).toBeVisible();
    expect(screen.getByText(/Mail is not being delivered/)).toBeVisible();
  });

  it('lists the audit log with who did what', async () => {
    renderRoute(`${paths.admin.system}?tab=audit`, { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Cancelled a booking' })).toBeVisible();
    expect(screen.getAllByText(auditEntry.actor!.name).length).toBeGreaterThan(0);
  });

  it('says the audit log is empty', async () => {
    server.use(
      http.get(apiPath('/admin/audit'), () =>
        answer<AuditPage>({ entries: [], currentPage: 1, totalPages: 1, totalEntries: 0 }),
      ),
    );
    renderRoute(`${paths.admin.system}?tab=audit`, { as: 'admin' });
    expect(await screen.findByText('No changes recorded yet.')).toBeVisible();
  });

  it('says so when the audit log does not load', async () => {
    server.use(failing('/admin/audit'));
    renderRoute(`${paths.admin.system}?tab=audit`, { as: 'admin' });
    await expectLoadError('the audit log');
  });

  it('lists the outbox with its count', async () => {
    renderRoute(`${paths.admin.system}?tab=outbox`, { as: 'admin' });
    expect(await screen.findByText(outboxMail.subject)).toBeVisible();
    expect(screen.getByText('1 mail')).toBeVisible();
  });

  it('says the outbox is empty', async () => {
    server.use(
      http.get(apiPath('/admin/outbox'), () =>
        answer<OutboxPage>({ mails: [], currentPage: 1, totalPages: 1, totalMails: 0 }),
      ),
    );
    renderRoute(`${paths.admin.system}?tab=outbox`, { as: 'admin' });
    expect(await screen.findByText('No mail yet.')).toBeVisible();
  });

  it('says so when the outbox does not load', async () => {
    server.use(failing('/admin/outbox'));
    renderRoute(`${paths.admin.system}?tab=outbox`, { as: 'admin' });
    await expectLoadError('the outbox');
  });

  it('marks a mail that went nowhere without a mail server', async () => {
    server.use(
      http.get(apiPath('/admin/outbox'), () =>
        answer<OutboxPage>({
          mails: [{ ...outboxMail, state: 'not_delivered', sentAt: null }],
          currentPage: 1,
          totalPages: 1,
          totalMails: 1,
        }),
      ),
    );
    renderRoute(`${paths.admin.system}?tab=outbox`, { as: 'admin' });
    expect(await screen.findByText(OUTBOX_MESSAGES.notDelivered)).toBeVisible();
  });
});

/** A payment due by hand, in full as the owner's panel reads it. */
function duePayment(overrides: Partial<AdminPaymentRecord> = {}): AdminPaymentDetail {
  const record = makeAdminPayment({
    status: 'pending',
    paidAt: null,
    paidMethod: null,
    receivedOn: null,
    receiptNumber: null,
    ...overrides,
  });
  return {
    ...record,
    receipt: {
      business: { name: 'Harbour Consulting', address: '', taxId: '' },
      client: { name: record.client.name, email: record.client.email },
      service: record.service && { ...record.service, durationMinutes: 60 },
      package: record.package && { title: record.package.title, sessions: record.package.sessions },
      taxRateBasisPoints: 0,
      netMinor: record.amountMinor,
      taxMinor: 0,
      discount: null,
      refunds: [],
      footer: '',
      void: false,
      voidedAt: null,
      voidReason: null,
      voidedReceipts: [],
    },
    nextReceiptNumber: '2026-0008',
    voidableUntil: null,
    refundNotes: {},
    packageRefund: null,
  };
}

describe('/admin/payments: marking a payment paid', () => {
  it('asks how it was paid before sending', async () => {
    let sent = 0;
    const payment = duePayment();
    server.use(
      http.get(apiPath('/admin/payments/:id'), () => answer<AdminPaymentDetail>(payment)),
      http.post(apiPath('/admin/payments/:id/mark-paid'), () => {
        sent += 1;
        return answer<AdminPaymentDetail>(payment);
      }),
    );
    const { user } = renderRoute(adminPaymentPath(payment.id), { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue 2026-0008' }));
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.paymentMethodInvalid)).toBeVisible();
    expect(sent).toBe(0);
  });

  it('records the payment, issues its receipt and reads the payment and the list again', async () => {
    let payment = duePayment();
    let listReads = 0;
    server.use(
      http.get(apiPath('/admin/payments'), () => {
        listReads += 1;
        return answer<AdminPaymentsPage>(page.payments([payment]));
      }),
      http.get(apiPath('/admin/payments/:id'), () => answer<AdminPaymentDetail>(payment)),
      http.post(apiPath('/admin/payments/:id/mark-paid'), () => {
        payment = {
          ...payment,
          status: 'paid',
          paidAt: '2026-11-20T09:00:00.000Z',
          paidMethod: 'bank_transfer',
          receivedOn: '2026-11-20',
          receiptNumber: '2026-0008',
          nextReceiptNumber: null,
        };
        return answer<AdminPaymentDetail>(payment);
      }),
    );
    const { user } = renderRoute(adminPaymentPath(payment.id), { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await user.selectOptions(within(dialog).getByLabelText('How was it paid?'), 'bank_transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Issue 2026-0008' }));
    expect(
      await screen.findByText('Payment recorded. Receipt 2026-0008 was mailed.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument(),
    );
    expect(listReads).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText(PAYMENT_STATUS_LABELS.paid).length).toBeGreaterThan(0);
  });

  it('says the client already paid by card when Stripe is confirming it', async () => {
    const payment = duePayment({ provider: 'stripe' });
    server.use(
      http.get(apiPath('/admin/payments/:id'), () => answer<AdminPaymentDetail>(payment)),
      http.post(apiPath('/admin/payments/:id/mark-paid'), () =>
        problem(409, {
          type: CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE,
          title: 'Conflict',
          detail: 'The client has just paid by card; Stripe is confirming it.',
        }),
      ),
    );
    const { user } = renderRoute(adminPaymentPath(payment.id), { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await user.selectOptions(within(dialog).getByLabelText('How was it paid?'), 'bank_transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Issue 2026-0008' }));
    expect(await within(dialog).findByText('Already paid by card')).toBeVisible();
    expect(
      within(dialog).getByText('The client has just paid by card; Stripe is confirming it.'),
    ).toBeVisible();
  });
});
