/**
 * The owner's "Discount codes" tab on /admin/config (issue 24): the codes with their terms, adding
 * one (the shared rules first, then the server's field messages), a fixed amount for some services,
 * editing, deactivating, and each code's redemptions.
 */
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import {
  COUPON_MESSAGES,
  formatMoney,
  moneyInputMessage,
  paths,
  type AdminCoupon,
  type AdminCouponsList,
  type CouponInput,
} from '@consult/shared';
import { adminService } from '../../testing/mocks/data';
import { answer, apiPath, failing, http, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { expectLoadError, renderRoute, screen, waitFor, within } from '../../testing/test-utils';

const url = `${paths.admin.config}?tab=coupons`;

const spring: AdminCoupon = {
  id: 'k1000000-0000-4000-8000-000000000001',
  code: 'SPRING10',
  percentOff: 10,
  amountOff: null,
  appliesTo: 'all',
  services: [],
  packages: [],
  validFrom: '2026-03-01',
  validTo: '2026-03-31',
  totalLimit: 50,
  perClientLimit: 1,
  active: true,
  redemptions: 1,
  reserved: 1,
  uses: [
    {
      id: 'r1',
      client: { id: 'c1', name: 'Ada Client', email: 'ada@example.com' },
      kind: 'booking',
      bookingId: 'b1',
      bookingReference: 'B7K3QX',
      purchaseId: null,
      title: 'Strategy session',
      originalMinor: 12000,
      discountMinor: 1200,
      totalMinor: 10800,
      currency: 'GBP',
      at: '2026-03-05T10:00:00.000Z',
      state: 'redeemed',
    },
    {
      id: 'r2',
      client: { id: 'c2', name: 'Ben Buyer', email: 'ben@example.com' },
      kind: 'package',
      bookingId: null,
      bookingReference: null,
      purchaseId: 'u1',
      title: 'Five strategy sessions',
      originalMinor: 35000,
      discountMinor: 3500,
      totalMinor: 31500,
      currency: 'GBP',
      at: '2026-03-06T10:00:00.000Z',
      state: 'reserved',
    },
  ],
  createdAt: '2026-02-20T10:00:00.000Z',
  updatedAt: '2026-02-20T10:00:00.000Z',
};

const withCoupons = (...coupons: AdminCoupon[]) =>
  http.get(apiPath('/admin/coupons'), () => answer<AdminCouponsList>({ coupons }));

describe('/admin/config Discount codes', () => {
  it('says so when there is no code yet', async () => {
    renderRoute(url, { as: 'admin' });
    expect(await screen.findByText('No discount code yet: add the first one below.')).toBeVisible();
  });

  it('says so when the codes do not load', async () => {
    server.use(failing('/admin/coupons'));
    renderRoute(url, { as: 'admin' });
    await expectLoadError('discount codes');
  });

  it('lists each code with its terms and uses, and deactivates one', async () => {
    let patched: unknown;
    server.use(
      withCoupons(spring),
      http.patch(apiPath('/admin/coupons/:id'), async ({ request }) => {
        patched = await request.json();
        return answer<AdminCoupon>({ ...spring, active: false });
      }),
    );
    renderRoute(url, { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Discount codes' });
    expect(within(list).getByText('SPRING10')).toBeVisible();
    expect(within(list).getByText('Active')).toBeVisible();
    expect(
      within(list).getByText(
        '10 % off · all services and packages · valid 1 Mar 2026 to 31 Mar 2026',
      ),
    ).toBeVisible();
    expect(
      within(list).getByText('50 uses in all, 1 per client · 1 redemption, 1 awaiting payment'),
    ).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'Deactivate SPRING10' }));
    await waitFor(() => expect(patched).toEqual({ active: false }));
  });

  it('shows a code’s redemptions: who, for what, the amounts and their state', async () => {
    server.use(withCoupons(spring, { ...spring, id: 'k2', code: 'EMPTY5', uses: [] }));
    renderRoute(url, { as: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Redemptions of SPRING10' }));
    const uses = screen.getByRole('list', { name: 'Redemptions of SPRING10' });
    const [first, second] = within(uses).getAllByRole('listitem');
    expect(within(first!).getByText(/Ada Client/)).toBeVisible();
    expect(within(first!).getByText(/Booking B7K3QX · Strategy session/)).toBeVisible();
    expect(within(first!).getByText(formatMoney(10800, 'GBP'))).toBeVisible();
    expect(within(first!).getByText('Redeemed')).toBeVisible();
    expect(within(second!).getByText(/Package · Five strategy sessions/)).toBeVisible();
    expect(within(second!).getByText('Awaiting payment')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Redemptions of EMPTY5' }));
    expect(screen.getByText('Nobody has used EMPTY5 yet.')).toBeVisible();
  });

  it('adds a percentage code, saying what is wrong first with the shared rules', async () => {
    let sent: CouponInput | undefined;
    server.use(
      http.post(apiPath('/admin/coupons'), async ({ request }) => {
        sent = (await request.json()) as CouponInput;
        return answer<AdminCoupon>({ ...spring, code: 'WELCOME' }, { status: 201 });
      }),
    );
    renderRoute(url, { as: 'admin' });
    const add = await screen.findByRole('button', { name: 'Add code' });
    await userEvent.type(screen.getByLabelText('Code'), 'WEL COME');
    await userEvent.type(screen.getByLabelText('Percent off'), '120');
    await userEvent.click(add);
    expect(await screen.findByText(COUPON_MESSAGES.codeInvalid)).toBeVisible();
    expect(screen.getByText(COUPON_MESSAGES.percentInvalid)).toBeVisible();
    expect(sent).toBeUndefined();

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'welcome');
    await userEvent.clear(screen.getByLabelText('Percent off'));
    await userEvent.type(screen.getByLabelText('Percent off'), '15');
    await userEvent.type(screen.getByLabelText('Uses per client (optional)'), '1');
    await userEvent.click(add);
    expect(await screen.findByText('WELCOME is saved.')).toBeVisible();
    expect(sent).toEqual({
      code: 'welcome',
      percentOff: 15,
      amountOff: null,
      appliesTo: 'all',
      services: [],
      packages: [],
      validFrom: null,
      validTo: null,
      totalLimit: null,
      perClientLimit: 1,
      active: true,
    });
  });

  it('adds a fixed amount in the site’s currency for some services', async () => {
    let sent: CouponInput | undefined;
    server.use(
      http.post(apiPath('/admin/coupons'), async ({ request }) => {
        sent = (await request.json()) as CouponInput;
        return answer<AdminCoupon>({ ...spring, code: 'TENOFF' }, { status: 201 });
      }),
    );
    renderRoute(url, { as: 'admin' });
    const add = await screen.findByRole('button', { name: 'Add code' });
    await userEvent.type(screen.getByLabelText('Code'), 'TENOFF');
    await userEvent.click(screen.getByRole('radio', { name: 'A fixed amount (GBP)' }));
    await userEvent.type(screen.getByLabelText('Amount off (GBP)'), '10.001');
    await userEvent.selectOptions(screen.getByLabelText('Applies to'), 'services');
    await userEvent.click(add);
    expect(await screen.findByText(moneyInputMessage('GBP'))).toBeVisible();
    expect(screen.getByText(COUPON_MESSAGES.servicesRequired)).toBeVisible();

    await userEvent.clear(screen.getByLabelText('Amount off (GBP)'));
    await userEvent.type(screen.getByLabelText('Amount off (GBP)'), '10');
    await userEvent.click(screen.getByLabelText(adminService.title));
    await userEvent.type(screen.getByLabelText('Valid from (optional)'), '2026-12-01');
    await userEvent.click(add);
    await screen.findByText('TENOFF is saved.');
    expect(sent).toMatchObject({
      code: 'TENOFF',
      percentOff: null,
      amountOff: [{ currency: 'GBP', amountMinor: 1000 }],
      appliesTo: 'services',
      services: [adminService.slug],
      validFrom: '2026-12-01',
    });
  });

  it('shows the server’s field message beside its field', async () => {
    server.use(
      http.post(apiPath('/admin/coupons'), () =>
        problem(400, {
          title: 'Bad Request',
          detail: COUPON_MESSAGES.codeTaken,
          errors: { code: [COUPON_MESSAGES.codeTaken] },
        }),
      ),
    );
    renderRoute(url, { as: 'admin' });
    await userEvent.type(await screen.findByLabelText('Code'), 'SPRING10');
    await userEvent.type(screen.getByLabelText('Percent off'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add code' }));
    expect(
      await screen.findByRole('textbox', { name: 'Code', description: /Another discount code/ }),
    ).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a code in place and sends its whole terms', async () => {
    let patched: CouponInput | undefined;
    server.use(
      withCoupons(spring),
      http.patch(apiPath('/admin/coupons/:id'), async ({ request }) => {
        patched = (await request.json()) as CouponInput;
        return answer<AdminCoupon>({ ...spring, percentOff: 20 });
      }),
    );
    renderRoute(url, { as: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    const percent = screen.getAllByLabelText('Percent off')[0]!;
    expect(percent).toHaveValue('10');
    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save SPRING10' }));
    await waitFor(() =>
      expect(patched).toMatchObject({
        code: 'SPRING10',
        percentOff: 20,
        amountOff: null,
        validFrom: '2026-03-01',
        validTo: '2026-03-31',
        totalLimit: 50,
        perClientLimit: 1,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save SPRING10' })).toBeNull());
  });
});
