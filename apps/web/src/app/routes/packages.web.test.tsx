/**
 * Packages of sessions on screen (issue 24): the owner's Packages tab on /admin/config, the offers
 * on /consultation, and the client's credits on /dash, in their states.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatMoney,
  moneyInputMessage,
  PACKAGE_MESSAGES,
  paths,
  SESSION_HINT_COOKIE,
  type AdminPackage,
  type AdminPackagesList,
  type PackageInput,
  type PackagePurchase,
  type PackagesList,
  type PublicPackage,
  type PurchaseAnswer,
  type UserCredits,
} from '@consult/shared';
import { siteService } from '../../testing/mocks/data';
import { answer, apiPath, failing, http, HttpResponse, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { expectLoadError, renderRoute, screen, waitFor, within } from '../../testing/test-utils';
import userEvent from '@testing-library/user-event';

const offer: PublicPackage = {
  id: 'p1000000-0000-4000-8000-000000000001',
  title: 'Five strategy sessions',
  description: 'Valid six months.',
  services: [siteService.slug],
  sessions: 5,
  priceMinor: 35000,
  currency: 'GBP',
  validityDays: 180,
};

const adminOffer: AdminPackage = {
  ...offer,
  active: true,
  ownCurrency: false,
  purchases: 2,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});

describe('/admin/config Packages', () => {
  const url = `${paths.admin.config}?tab=packages`;

  it('lists the packages with their terms and retires one', async () => {
    let patched: unknown;
    server.use(
      http.get(apiPath('/admin/packages'), () =>
        answer<AdminPackagesList>({ packages: [adminOffer] }),
      ),
      http.patch(apiPath('/admin/packages/:id'), async ({ request }) => {
        patched = await request.json();
        return answer<AdminPackage>({ ...adminOffer, active: false });
      }),
    );
    renderRoute(url, { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Packages' });
    expect(within(list).getByText(/Five strategy sessions/)).toBeTruthy();
    expect(within(list).getByText(new RegExp(formatMoney(35000, 'GBP')))).toBeTruthy();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Retire Five strategy sessions' }),
    );
    await waitFor(() => expect(patched).toEqual({ active: false }));
  });

  it('adds a package from the form, in the site’s currency, and says what is wrong first', async () => {
    let sent: PackageInput | undefined;
    server.use(
      http.post(apiPath('/admin/packages'), async ({ request }) => {
        sent = (await request.json()) as PackageInput;
        return answer<AdminPackage>({ ...adminOffer, title: sent.title }, { status: 201 });
      }),
    );
    renderRoute(url, { as: 'admin' });
    const form = await screen.findByRole('button', { name: 'Add package' });
    await userEvent.type(screen.getByLabelText('Title'), 'Five strategy sessions');
    await userEvent.type(screen.getByLabelText('Price (GBP)'), '12.345');
    await userEvent.click(form);
    expect(await screen.findByText(moneyInputMessage('GBP'))).toBeTruthy();
    expect(screen.getByText(PACKAGE_MESSAGES.servicesRequired)).toBeTruthy();
    expect(sent).toBeUndefined();

    await userEvent.clear(screen.getByLabelText('Price (GBP)'));
    await userEvent.type(screen.getByLabelText('Price (GBP)'), '350');
    await userEvent.click(await screen.findByLabelText(siteService.title));
    await userEvent.type(screen.getByLabelText('Valid for (days)'), '180');
    await userEvent.click(form);
    await screen.findByText('Five strategy sessions is on sale.');
    expect(sent).toEqual({
      title: 'Five strategy sessions',
      description: '',
      services: [siteService.slug],
      sessions: 5,
      priceMinor: 35000,
      currency: 'GBP',
      validityDays: 180,
    });
  });

  it('shows the server’s field message', async () => {
    server.use(
      http.post(apiPath('/admin/packages'), () =>
        problem(400, {
          title: 'Bad Request',
          detail: PACKAGE_MESSAGES.sessionsInvalid,
          errors: { sessions: [PACKAGE_MESSAGES.sessionsInvalid] },
        }),
      ),
    );
    renderRoute(url, { as: 'admin' });
    await userEvent.type(await screen.findByLabelText('Title'), 'Too many');
    await userEvent.type(screen.getByLabelText('Price (GBP)'), '10');
    await userEvent.click(await screen.findByLabelText(siteService.title));
    await userEvent.click(screen.getByRole('button', { name: 'Add package' }));
    expect(await screen.findByText(PACKAGE_MESSAGES.sessionsInvalid)).toBeTruthy();
  });

  it('says so when the packages do not load', async () => {
    server.use(failing('/admin/packages'));
    renderRoute(url, { as: 'admin' });
    await expectLoadError('packages');
  });
});

describe('/consultation packages', () => {
  it('lists the packages on sale and asks a visitor to sign in to buy', async () => {
    server.use(http.get(apiPath('/packages'), () => answer<PackagesList>({ packages: [offer] })));
    renderRoute(paths.consultation);
    const heading = await screen.findByRole('heading', { name: 'Five strategy sessions' });
    const card = heading.closest('li')!;
    expect(within(card).getByText(`For: ${siteService.title}`)).toBeTruthy();
    expect(within(card).getByText('5 sessions · valid 180 days from purchase')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Sign in to buy' })).toBeTruthy();
  });

  it('buys a package by hand for a signed-in client: the purchase waits for payment', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    server.use(
      http.get(apiPath('/packages'), () => answer<PackagesList>({ packages: [offer] })),
      http.post(apiPath('/packages/:id/purchase'), () =>
        answer<PurchaseAnswer>(
          {
            purchase: {
              id: 'u1',
              packageId: offer.id,
              packageTitle: offer.title,
              sessions: 5,
              priceMinor: 35000,
              currency: 'GBP',
              validityDays: 180,
              state: 'pending_payment',
              provider: 'manual',
              paymentId: 'pay-1',
              receiptNumber: null,
              creditsRemaining: 0,
              granted: false,
              paidAt: null,
              expiresAt: null,
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          },
          { status: 201 },
        ),
      ),
    );
    renderRoute(paths.consultation, { as: 'user' });
    await userEvent.click(await screen.findByRole('button', { name: `Buy ${offer.title}` }));
    expect(await screen.findByText('Purchase recorded')).toBeTruthy();
  });

  it('asks again with the same Idempotency-Key only when no answer came, so one purchase is made', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const keys: (string | null)[] = [];
    let answers = 0;
    server.use(
      http.get(apiPath('/packages'), () => answer<PackagesList>({ packages: [offer] })),
      http.post(apiPath('/packages/:id/purchase'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        answers += 1;
        // The first request's answer never arrives; the second is refused; the third fails too.
        if (answers === 1) return HttpResponse.error();
        return problem(409, { title: 'Conflict', detail: 'Not on sale' });
      }),
    );
    renderRoute(paths.consultation, { as: 'user' });
    const buy = await screen.findByRole('button', { name: `Buy ${offer.title}` });
    await userEvent.click(buy);
    await screen.findByRole('alert');
    await userEvent.click(buy);
    expect(await screen.findByText('Not on sale')).toBeTruthy();
    await userEvent.click(buy);
    await expect.poll(() => keys.length).toBe(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('/dash package credits', () => {
  it('shows the credits left per package with expiry, and the purchases with receipts', async () => {
    server.use(
      http.get(apiPath('/user/credits'), () =>
        answer<UserCredits>({
          credits: [
            {
              purchaseId: 'u1',
              packageTitle: offer.title,
              services: [siteService.slug],
              remaining: 3,
              expiresAt: '2026-09-01T10:00:00.000Z',
            },
          ],
          purchases: [
            {
              id: 'u1',
              packageId: offer.id,
              packageTitle: offer.title,
              sessions: 5,
              priceMinor: 35000,
              currency: 'GBP',
              validityDays: 180,
              state: 'paid',
              provider: 'stripe',
              paymentId: 'pay-1',
              receiptNumber: '2026-0007',
              creditsRemaining: 3,
              granted: false,
              paidAt: '2026-03-01T10:00:00.000Z',
              expiresAt: '2026-09-01T10:00:00.000Z',
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          ],
          paymentInstructions: null,
          uses: [
            {
              purchaseId: 'u1',
              bookingId: 'b1',
              reference: 'B7K3QX',
              serviceTitle: siteService.title,
              start: '2026-03-10T10:00:00.000Z',
              outcome: 'used',
            },
            {
              purchaseId: 'u1',
              bookingId: 'b2',
              reference: 'C8M4RY',
              serviceTitle: siteService.title,
              start: '2026-03-05T10:00:00.000Z',
              outcome: 'returned',
            },
          ],
        }),
      ),
    );
    renderRoute(paths.dashboard, { as: 'user' });
    const credits = await screen.findByRole('list', { name: 'Credits usable now' });
    expect(within(credits).getByText(/3 credits left, until/)).toBeTruthy();
    const purchases = screen.getByRole('list', { name: 'Package purchases' });
    expect(within(purchases).getByText(/Receipt 2026-0007/)).toBeTruthy();
    expect(within(purchases).getByText('Paid')).toBeTruthy();
    const uses = screen.getByRole('list', { name: 'Bookings paid with credits' });
    expect(within(uses).getByText(/B7K3QX/)).toBeTruthy();
    expect(within(uses).getByText(/Credit given back/)).toBeTruthy();
  });

  it('tells how to pay a purchase waiting for a payment by hand, with the owner’s words', async () => {
    server.use(
      http.get(apiPath('/user/credits'), () =>
        answer<UserCredits>({
          credits: [],
          purchases: [
            {
              id: 'u2',
              packageId: offer.id,
              packageTitle: offer.title,
              sessions: 5,
              priceMinor: 35000,
              currency: 'GBP',
              validityDays: 180,
              state: 'pending_payment',
              provider: 'manual',
              paymentId: 'pay-2',
              receiptNumber: null,
              creditsRemaining: 0,
              granted: false,
              paidAt: null,
              expiresAt: null,
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          ],
          paymentInstructions: 'Bank: Meezan\nIBAN PK00 0000',
          uses: [],
        }),
      ),
    );
    renderRoute(paths.dashboard, { as: 'user' });
    const purchases = await screen.findByRole('list', { name: 'Package purchases' });
    const howToPay = within(purchases).getByRole('status');
    expect(within(howToPay).getByText('How to pay £350.00')).toBeTruthy();
    expect(within(howToPay).getByText(/IBAN PK00 0000/)).toBeTruthy();
    expect(
      within(howToPay).getByText(new RegExp(`“${offer.title}” as the payment reference`)),
    ).toBeTruthy();
    // The owner's mark-paid control is the owner's alone.
    expect(within(purchases).queryByRole('button', { name: /paid/i })).toBeNull();
  });

  const stripePurchase = (state: PackagePurchase['state']): PackagePurchase => ({
    id: 'u3',
    packageId: offer.id,
    packageTitle: offer.title,
    sessions: 5,
    priceMinor: 35000,
    currency: 'GBP',
    validityDays: 180,
    state,
    provider: 'stripe',
    paymentId: 'pay-3',
    receiptNumber: state === 'paid' ? '2026-0008' : null,
    creditsRemaining: state === 'paid' ? 5 : 0,
    granted: false,
    paidAt: state === 'paid' ? '2026-03-01T10:05:00.000Z' : null,
    expiresAt: state === 'paid' ? '2026-08-28T10:05:00.000Z' : null,
    createdAt: '2026-03-01T10:00:00.000Z',
  });
  const creditsWith = (purchase: PackagePurchase): UserCredits => ({
    credits: [],
    purchases: [purchase],
    paymentInstructions: null,
    uses: [],
  });

  it('back from Checkout: waits for Stripe’s confirmation, then says the credits are ready', async () => {
    let state: PackagePurchase['state'] = 'pending_payment';
    server.use(
      http.get(apiPath('/user/credits'), () =>
        answer<UserCredits>(creditsWith(stripePurchase(state))),
      ),
    );
    renderRoute(`${paths.dashboard}?purchase=u3&payment=success`, { as: 'user' });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    state = 'paid';
    expect(await screen.findByText('Payment received', {}, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByText(/Five strategy sessions \(5 sessions\) is paid/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close this notice' }));
    expect(screen.queryByText('Payment received')).toBeNull();
  });

  it('back from a checkout left unpaid: nothing was charged, and the packages are a link away', async () => {
    server.use(
      http.get(apiPath('/user/credits'), () =>
        answer<UserCredits>(creditsWith(stripePurchase('pending_payment'))),
      ),
    );
    renderRoute(`${paths.dashboard}?purchase=u3&payment=cancelled`, { as: 'user' });
    expect(await screen.findByText('The payment was not completed')).toBeTruthy();
    expect(screen.getByText(/Nothing was charged/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the packages' })).toHaveAttribute(
      'href',
      paths.consultation,
    );
  });

  it('says nothing of a purchase that is not the client’s', async () => {
    server.use(
      http.get(apiPath('/user/credits'), () =>
        answer<UserCredits>(creditsWith(stripePurchase('paid'))),
      ),
    );
    renderRoute(`${paths.dashboard}?purchase=someone-else&payment=success`, { as: 'user' });
    await screen.findByRole('list', { name: 'Package purchases' });
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
  });

  it('says there is no package yet', async () => {
    renderRoute(paths.dashboard, { as: 'user' });
    expect(await screen.findByText('You have no package of sessions yet.')).toBeTruthy();
  });
});
