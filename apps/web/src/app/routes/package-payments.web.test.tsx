/**
 * A package purchase's payment on the screens (decision 064): the owner's payments list and panel
 * (what was bought, no booking link, the refund dialog suggesting the unused credits' share), the
 * client's payments and the printable receipt.
 */
import { describe, expect, it } from 'vitest';
import {
  adminPaymentPath,
  adminUserPath,
  formatMoney,
  paths,
  receiptPath,
  type AdminPaymentDetail,
  type AdminPaymentsPage,
  type PaymentDetail,
  type PaymentsList,
} from '@consult/shared';
import { makeAdminPayment, makePackagePayment, page } from '../../testing/mocks/data';
import { answer, apiPath, http } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { renderRoute, screen, waitFor, within } from '../../testing/test-utils';

const receipt = (overrides: Partial<PaymentDetail['receipt']> = {}): PaymentDetail['receipt'] => ({
  business: { name: 'Harbour Consulting', address: '', taxId: '' },
  client: { name: 'Casey Client', email: 'casey@example.com' },
  service: null,
  package: { title: 'Coaching session package', sessions: 5 },
  taxRateBasisPoints: 0,
  netMinor: 10000,
  taxMinor: 0,
  refunds: [],
  footer: '',
  void: false,
  voidedAt: null,
  voidReason: null,
  voidedReceipts: [],
  discount: null,
  ...overrides,
});

/** A paid package of 5 at 100.00 with 3 credits unused, as the owner's panel reads it. */
function packageDetail(overrides: Partial<AdminPaymentDetail> = {}): AdminPaymentDetail {
  const record = makeAdminPayment(makePackagePayment());
  return {
    ...record,
    receipt: receipt(),
    nextReceiptNumber: null,
    voidableUntil: null,
    refundNotes: {},
    packageRefund: {
      sessions: 5,
      creditsRemaining: 3,
      unusedShareMinor: 6000,
      suggestedMinor: 6000,
      explanation: `3 of 5 credits unused: ${formatMoney(6000, 'GBP')} of ${formatMoney(10000, 'GBP')}`,
    },
    ...overrides,
  };
}

describe('/admin/payments: a package purchase', () => {
  it('lists it with what was bought and no booking reference, beside a booking payment', async () => {
    const bought = makeAdminPayment(makePackagePayment());
    const booking = makeAdminPayment();
    server.use(
      http.get(apiPath('/admin/payments'), () =>
        answer<AdminPaymentsPage>(page.payments([bought, booking])),
      ),
    );
    renderRoute(paths.admin.payments, { as: 'admin' });
    expect(await screen.findByText('5 × Coaching session package')).toBeVisible();
    expect(screen.getByText('· Package')).toBeVisible();
    expect(screen.getByText(booking.service!.title)).toBeVisible();
    expect(screen.getByLabelText('For')).toBeVisible();
  });

  it('sends the kind filter to the API', async () => {
    const kinds: (string | null)[] = [];
    server.use(
      http.get(apiPath('/admin/payments'), ({ request }) => {
        kinds.push(new URL(request.url).searchParams.get('kind'));
        return answer<AdminPaymentsPage>(page.payments([makeAdminPayment(makePackagePayment())]));
      }),
    );
    const { user } = renderRoute(paths.admin.payments, { as: 'admin' });
    await screen.findByText('5 × Coaching session package');
    await user.selectOptions(screen.getByLabelText('For'), 'package');
    await waitFor(() => expect(kinds).toContain('package'));
  });

  it('opens it without a booking link or Mark paid, and links the client’s credits', async () => {
    const detail = packageDetail();
    server.use(http.get(apiPath('/admin/payments/:id'), () => answer<AdminPaymentDetail>(detail)));
    renderRoute(adminPaymentPath(detail.id), { as: 'admin' });
    expect(
      await screen.findByRole('heading', {
        name: `${formatMoney(10000, 'GBP')} · 5 × Coaching session package`,
      }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /Open the booking/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /3 of 5 unused/ })).toHaveAttribute(
      'href',
      adminUserPath(detail.client.id),
    );
  });

  it('suggests the unused credits’ share in the refund dialog, explains it, and sends what the owner sets', async () => {
    const detail = packageDetail();
    const sent: unknown[] = [];
    server.use(
      http.get(apiPath('/admin/payments/:id'), () => answer<AdminPaymentDetail>(detail)),
      http.post(apiPath('/admin/payments/:id/refund'), async ({ request }) => {
        sent.push(await request.json());
        return answer<AdminPaymentDetail>({ ...detail, refundPendingMinor: 7000 });
      }),
    );
    const { user } = renderRoute(adminPaymentPath(detail.id), { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = within(dialog).getByLabelText('Amount (GBP)');
    expect(amount).toHaveValue('60.00');
    expect(within(dialog).getByText(/3 of 5 credits unused/)).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '70');
    await user.click(
      within(dialog).getByRole('button', { name: `Refund ${formatMoney(7000, 'GBP')}` }),
    );
    await waitFor(() => expect(sent).toEqual([{ amountMinor: 7000, reason: null }]));
  });

  it('refuses in the dialog more than is left to refund', async () => {
    const detail = packageDetail();
    server.use(http.get(apiPath('/admin/payments/:id'), () => answer<AdminPaymentDetail>(detail)));
    const { user } = renderRoute(adminPaymentPath(detail.id), { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = within(dialog).getByLabelText('Amount (GBP)');
    await user.clear(amount);
    await user.type(amount, '100.01');
    await user.tab();
    expect(await within(dialog).findByText(/You can refund at most/)).toBeVisible();
  });
});

describe('the client’s package payment', () => {
  it('lists it on /dash/payments with what was bought and its receipt', async () => {
    const bought = makePackagePayment();
    server.use(
      http.get(apiPath('/payments'), () =>
        answer<PaymentsList>({ payments: [bought], instructions: null }),
      ),
    );
    renderRoute(paths.payments, { as: 'user' });
    expect(
      await screen.findByRole('heading', { name: '5 × Coaching session package' }),
    ).toBeVisible();
    expect(screen.getByText('Package of sessions')).toBeVisible();
    expect(screen.getByRole('link', { name: `Receipt ${bought.receiptNumber}` })).toHaveAttribute(
      'href',
      receiptPath(bought.id),
    );
  });

  it('prints a package receipt: what was bought, no booking reference', async () => {
    const bought = makePackagePayment();
    server.use(
      http.get(apiPath('/payments/:id'), () =>
        answer<PaymentDetail>({ ...bought, receipt: receipt(), instructions: null }),
      ),
    );
    renderRoute(receiptPath(bought.id), { as: 'user' });
    expect(await screen.findByText('5 × Coaching session package')).toBeVisible();
    expect(screen.getByText('A package of 5 sessions')).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Package' })).toBeVisible();
    expect(screen.queryByText(/Booking reference/)).not.toBeInTheDocument();
  });
});
