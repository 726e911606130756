/**
 * The owner's hand on packages and credits (issue 24): on a client's record, a package granted
 * (free or paid by hand) and a credit given or taken back, each confirmed, every refusal said from
 * its problem type; on the Packages tab, a package changed with the add form.
 */
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import {
  CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE,
  CREDIT_GRANT_MESSAGES,
  CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE,
  CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE,
  formatMoney,
  PACKAGE_MESSAGES,
  paths,
  type AdminPackage,
  type AdminPackagesList,
  type ClientRecord,
  type CreditAdjustment,
  type PackagePatch,
  type PackagePurchase,
  type TwoFactorStatus,
  type UserCredits,
} from '@consult/shared';
import { CREDIT_GONE_TEXT } from '../../features/packages/credit-refusals';
import { clientUser, siteService, twoFactorOff } from '../../testing/mocks/data';
import { noCredits } from '../../testing/mocks/handlers/packages';
import { answer, apiPath, failing, http, pending, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  expectLoadError,
  expectLoading,
  fireEvent,
  renderRoute,
  screen,
  waitFor,
  within,
} from '../../testing/test-utils';

const record: ClientRecord = {
  ...clientUser,
  bookings: [],
  tasks: [],
  messages: [],
  notes: [],
  timeline: [],
};

const LONG_TITLE =
  'Twelve leadership coaching sessions for new managers, with written notes after each one';

const offer: AdminPackage = {
  id: 'p1000000-0000-4000-8000-000000000001',
  title: 'Five strategy sessions',
  description: 'Valid six months.',
  services: [siteService.slug],
  sessions: 5,
  priceMinor: 35000,
  currency: 'GBP',
  validityDays: 180,
  active: true,
  ownCurrency: false,
  purchases: 2,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const freeOffer: AdminPackage = {
  ...offer,
  id: 'p1000000-0000-4000-8000-000000000002',
  title: 'Trial session',
  sessions: 1,
  priceMinor: 0,
  active: false,
  purchases: 0,
};

const paidPurchase: PackagePurchase = {
  id: 'u1000000-0000-4000-8000-000000000001',
  packageId: offer.id,
  packageTitle: LONG_TITLE,
  sessions: 5,
  priceMinor: 35000,
  currency: 'GBP',
  validityDays: 180,
  state: 'paid',
  provider: 'manual',
  paymentId: 'pay-1',
  receiptNumber: '2026-0007',
  creditsRemaining: 3,
  granted: false,
  paidAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-09-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
};

const withPurchase = (purchase: PackagePurchase): UserCredits => ({
  ...noCredits,
  purchases: [purchase],
  credits:
    purchase.creditsRemaining > 0
      ? [
          {
            purchaseId: purchase.id,
            packageTitle: purchase.packageTitle,
            services: [siteService.slug],
            remaining: purchase.creditsRemaining,
            expiresAt: purchase.expiresAt,
          },
        ]
      : [],
});

/** The client's record with these credits (then `after` once a change was sent) and packages. */
function clientRecordWith(
  credits: UserCredits,
  { packages = [offer, freeOffer], after }: { packages?: AdminPackage[]; after?: UserCredits } = {},
) {
  const sent: CreditAdjustment[] = [];
  let reads = 0;
  server.use(
    http.get(apiPath('/admin/users/:id'), () => answer<ClientRecord>(record)),
    http.get(apiPath('/admin/users/:id/2fa'), () => answer<TwoFactorStatus>(twoFactorOff)),
    http.get(apiPath('/admin/users/:id/credits'), () => {
      reads += 1;
      return answer<UserCredits>(sent.length > 0 && after ? after : credits);
    }),
    http.get(apiPath('/admin/packages'), () => answer<AdminPackagesList>({ packages })),
  );
  renderRoute(`${paths.admin.users}?user=${clientUser.id}`, { as: 'admin' });
  return { sent, reads: () => reads };
}

function answerAdjustments(sent: CreditAdjustment[], reply: (body: CreditAdjustment) => Response) {
  server.use(
    http.post(apiPath('/admin/users/:id/credits'), async ({ request }) => {
      const body = (await request.json()) as CreditAdjustment;
      sent.push(body);
      return reply(body);
    }),
  );
}

/** The credits card once loaded (it is a region with the same name while it loads). */
async function creditsCard() {
  const card = await screen.findByRole('region', { name: 'Package credits' });
  await within(card).findByRole('button', { name: 'Grant a package' });
  return card;
}

describe('the client record: granting a package', () => {
  it('offers a grant to a client with no package yet, and sends to the Packages tab when none is defined', async () => {
    clientRecordWith(noCredits, { packages: [] });
    const card = await creditsCard();
    expect(within(card).getByText('This client has no package of sessions yet.')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Grant a package' }));
    expect(await within(card).findByText(/There is no package to grant yet/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Go to Packages' })).toHaveAttribute(
      'href',
      `${paths.admin.config}?tab=packages`,
    );
  });

  it('shows the packages loading in the grant form', async () => {
    clientRecordWith(noCredits);
    server.use(pending('/admin/packages'));
    const card = await creditsCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Grant a package' }));
    await expectLoading('Loading packages');
  });

  it('says so when the packages do not load', async () => {
    clientRecordWith(noCredits);
    server.use(failing('/admin/packages'));
    const card = await creditsCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Grant a package' }));
    await expectLoadError('packages');
  });

  it('grants a package free after confirming, and the figures refresh', async () => {
    const granted: PackagePurchase = {
      ...paidPurchase,
      id: 'u1000000-0000-4000-8000-000000000009',
      packageTitle: offer.title,
      sessions: 2,
      priceMinor: 0,
      provider: null,
      paymentId: null,
      receiptNumber: null,
      creditsRemaining: 2,
      granted: true,
    };
    const { sent, reads } = clientRecordWith(noCredits, { after: withPurchase(granted) });
    answerAdjustments(sent, () => answer({ purchase: granted }, { status: 201 }));
    const card = await creditsCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Grant a package' }));
    const credits = await within(card).findByLabelText('Credits');
    expect(credits).toHaveValue('5');
    // A reason is required before anything is asked.
    await userEvent.click(within(card).getByRole('button', { name: 'Grant…' }));
    expect(await within(card).findByText(PACKAGE_MESSAGES.creditReasonRequired)).toBeVisible();
    await userEvent.clear(credits);
    await userEvent.type(credits, '0');
    await userEvent.type(within(card).getByLabelText('Why'), 'A thank-you for the referral');
    await userEvent.click(within(card).getByRole('button', { name: 'Grant…' }));
    expect(await within(card).findByText(PACKAGE_MESSAGES.creditDeltaInvalid)).toBeVisible();
    await userEvent.clear(credits);
    await userEvent.type(credits, '2');
    await userEvent.click(within(card).getByRole('button', { name: 'Grant…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant this package?' });
    expect(within(dialog).getByText(/2 credits, free\. No payment and no receipt/)).toBeVisible();
    expect(sent).toEqual([]);
    const before = reads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant free' }));
    expect(
      await within(card).findByText(/“Five strategy sessions” granted: 2 credits, free/),
    ).toBeVisible();
    expect(sent).toEqual([
      { packageId: offer.id, delta: 2, reason: 'A thank-you for the referral' },
    ]);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(await within(card).findByText(/Given by the consultant/)).toBeVisible();
  });

  it('grants a package paid by hand at its price: the receipt is named; a free package cannot be paid', async () => {
    const granted: PackagePurchase = {
      ...paidPurchase,
      packageTitle: offer.title,
      creditsRemaining: 5,
      receiptNumber: '2026-0012',
      granted: true,
    };
    const { sent } = clientRecordWith(noCredits, { after: withPurchase(granted) });
    answerAdjustments(sent, () => answer({ purchase: granted }, { status: 201 }));
    const card = await creditsCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Grant a package' }));
    const select = await within(card).findByLabelText('Package');
    await userEvent.selectOptions(select, freeOffer.id);
    expect(within(card).getByRole('radio', { name: /Paid by hand/ })).toBeDisabled();
    expect(within(card).getByText(/This package is free: there is no price/)).toBeVisible();
    await userEvent.selectOptions(select, offer.id);
    await userEvent.click(within(card).getByRole('radio', { name: /Paid by hand/ }));
    expect(within(card).queryByLabelText('Credits')).toBeNull();
    await userEvent.selectOptions(within(card).getByLabelText('Received by'), 'cash');
    fireEvent.change(within(card).getByLabelText('Received on'), {
      target: { value: '2026-11-20' },
    });
    await userEvent.type(within(card).getByLabelText('Why'), 'Paid in cash at the workshop');
    await userEvent.click(within(card).getByRole('button', { name: 'Grant…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant this package?' });
    const price = formatMoney(35000, 'GBP');
    expect(
      within(dialog).getByText(
        new RegExp(`recorded as paid ${price.replace('.', '\\.')} \\(Cash, 20 November 2026\\)`),
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant, paid by hand' }));
    expect(await within(card).findByText(/receipt 2026-0012 mailed to the client/)).toBeVisible();
    expect(sent).toEqual([
      {
        packageId: offer.id,
        delta: 5,
        reason: 'Paid in cash at the workshop',
        paidByHand: { method: 'cash', receivedOn: '2026-11-20' },
      },
    ]);
  });

  it('says why a grant was refused from the problem type, not the server’s words', async () => {
    const { sent } = clientRecordWith(noCredits);
    answerAdjustments(sent, () =>
      problem(409, {
        title: 'Conflict',
        detail: 'words the screen must not depend on',
        type: CREDIT_GRANT_FREE_PACKAGE_PROBLEM_TYPE,
      }),
    );
    const card = await creditsCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Grant a package' }));
    await userEvent.type(await within(card).findByLabelText('Why'), 'Goodwill');
    await userEvent.click(within(card).getByRole('button', { name: 'Grant…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant this package?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant free' }));
    expect(
      await within(card).findByText(CREDIT_GRANT_MESSAGES.creditGrantOfFreePackage),
    ).toBeVisible();
    expect(screen.queryByText('words the screen must not depend on')).toBeNull();
  });
});

describe('the client record: giving and taking back a credit', () => {
  it('gives a credit back with a required reason, confirmed, and shows the new count', async () => {
    const after = { ...paidPurchase, creditsRemaining: 4 };
    const { sent, reads } = clientRecordWith(withPurchase(paidPurchase), {
      after: withPurchase(after),
    });
    answerAdjustments(sent, () => answer({ purchase: after }));
    const card = await creditsCard();
    expect(within(card).getByText(/3 credits left$/)).toBeVisible();
    await userEvent.click(
      within(card).getByRole('button', { name: `Give a credit back to ${LONG_TITLE}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Give a credit back?' });
    expect(within(dialog).getByText(/has 3 credits left; 4 credits after this/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give a credit back' }));
    expect(await within(dialog).findByText(PACKAGE_MESSAGES.creditReasonRequired)).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Why'), 'Forfeited by our video link');
    const before = reads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give a credit back' }));
    expect(await within(card).findByText('A credit was given back: 4 credits left.')).toBeVisible();
    expect(sent).toEqual([
      { purchaseId: paidPurchase.id, delta: 1, reason: 'Forfeited by our video link' },
    ]);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(await within(card).findByText(/4 credits left$/)).toBeVisible();
  });

  it('takes a credit back; when fewer are left meanwhile it says so and refreshes the figures', async () => {
    const after = { ...paidPurchase, creditsRemaining: 0 };
    const { sent, reads } = clientRecordWith(withPurchase(paidPurchase), {
      after: withPurchase(after),
    });
    answerAdjustments(sent, () =>
      problem(409, {
        title: 'Conflict',
        detail: 'words the screen must not depend on',
        type: CREDIT_TAKE_BACK_TOO_MANY_PROBLEM_TYPE,
      }),
    );
    const card = await creditsCard();
    await userEvent.click(
      within(card).getByRole('button', { name: `Take a credit back from ${LONG_TITLE}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Take a credit back?' });
    await userEvent.type(within(dialog).getByLabelText('Why'), 'Given twice');
    const before = reads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take a credit back' }));
    expect(
      await within(dialog).findByText(new RegExp(PACKAGE_MESSAGES.creditTakeBackTooMany)),
    ).toBeVisible();
    expect(screen.queryByText('words the screen must not depend on')).toBeNull();
    expect(sent).toEqual([{ purchaseId: paidPurchase.id, delta: -1, reason: 'Given twice' }]);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    // None left now: nothing to take back.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    await waitFor(() =>
      expect(
        within(card).queryByRole('button', { name: `Take a credit back from ${LONG_TITLE}` }),
      ).toBeNull(),
    );
  });

  it('says a purchase not yet paid, or one gone, cannot be adjusted', async () => {
    const { sent } = clientRecordWith(withPurchase(paidPurchase));
    let status = 409;
    answerAdjustments(sent, () =>
      status === 409
        ? problem(409, {
            title: 'Conflict',
            detail: 'x',
            type: CREDIT_PURCHASE_NOT_PAID_PROBLEM_TYPE,
          })
        : problem(404, { title: 'Not Found', detail: 'y' }),
    );
    const card = await creditsCard();
    await userEvent.click(
      within(card).getByRole('button', { name: `Give a credit back to ${LONG_TITLE}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Give a credit back?' });
    await userEvent.type(within(dialog).getByLabelText('Why'), 'Goodwill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give a credit back' }));
    expect(
      await within(dialog).findByText(new RegExp(PACKAGE_MESSAGES.creditPurchaseNotPaid)),
    ).toBeVisible();
    status = 404;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give a credit back' }));
    expect(await within(dialog).findByText(CREDIT_GONE_TEXT)).toBeVisible();
  });

  it('offers no give or take back on a purchase awaiting payment', async () => {
    clientRecordWith(
      withPurchase({
        ...paidPurchase,
        state: 'pending_payment',
        creditsRemaining: 0,
        receiptNumber: null,
      }),
    );
    const card = await creditsCard();
    expect(within(card).getByRole('button', { name: `Mark ${LONG_TITLE} paid` })).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Give a credit back to/ })).toBeNull();
  });
});

describe('/admin/config Packages: changing a package', () => {
  const url = `${paths.admin.config}?tab=packages`;

  it('changes a package with the add form filled in, saying what bought credits keep', async () => {
    let patched: PackagePatch | undefined;
    server.use(
      http.get(apiPath('/admin/packages'), () =>
        answer<AdminPackagesList>({ packages: [{ ...offer, title: LONG_TITLE }] }),
      ),
      http.patch(apiPath('/admin/packages/:id'), async ({ request }) => {
        patched = (await request.json()) as PackagePatch;
        return answer<AdminPackage>({ ...offer, ...patched } as AdminPackage);
      }),
    );
    renderRoute(url, { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Packages' });
    await userEvent.click(within(list).getByRole('button', { name: `Change ${LONG_TITLE}` }));
    expect(
      within(list).getByText(
        /2 purchases keep the title, sessions, price and validity they were bought with/,
      ),
    ).toBeVisible();
    expect(
      within(list).getByText(/credits already bought can be used for the services ticked here/),
    ).toBeVisible();
    const title = within(list).getByLabelText('Title');
    expect(title).toHaveValue(LONG_TITLE);
    expect(within(list).getByLabelText('Price (GBP)')).toHaveValue('350.00');
    expect(within(list).getByLabelText('Valid for (days)')).toHaveValue('180');
    await userEvent.clear(title);
    await userEvent.type(title, 'Six strategy sessions');
    await userEvent.clear(within(list).getByLabelText('Sessions'));
    await userEvent.type(within(list).getByLabelText('Sessions'), '6');
    await userEvent.click(within(list).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes to “Six strategy sessions” saved.')).toBeVisible();
    expect(patched).toEqual({
      title: 'Six strategy sessions',
      description: offer.description,
      services: [siteService.slug],
      sessions: 6,
      priceMinor: 35000,
      validityDays: 180,
    });
  });

  it('shows the server’s field message on a change, and Cancel leaves it as it was', async () => {
    let calls = 0;
    server.use(
      http.get(apiPath('/admin/packages'), () => answer<AdminPackagesList>({ packages: [offer] })),
      http.patch(apiPath('/admin/packages/:id'), () => {
        calls += 1;
        return problem(400, {
          title: 'Bad Request',
          detail: PACKAGE_MESSAGES.sessionsInvalid,
          errors: { sessions: [PACKAGE_MESSAGES.sessionsInvalid] },
        });
      }),
    );
    renderRoute(url, { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Packages' });
    await userEvent.click(within(list).getByRole('button', { name: `Change ${offer.title}` }));
    await userEvent.click(within(list).getByRole('button', { name: 'Save changes' }));
    expect(await within(list).findByText(PACKAGE_MESSAGES.sessionsInvalid)).toBeVisible();
    expect(calls).toBe(1);
    // A price the currency cannot hold is said before anything is sent.
    const price = within(list).getByLabelText('Price (GBP)');
    await userEvent.clear(price);
    await userEvent.type(price, '1.234');
    await userEvent.click(within(list).getByRole('button', { name: 'Save changes' }));
    expect(await within(list).findByText(/Enter an amount like 150 or 150.50/)).toBeVisible();
    expect(calls).toBe(1);
    await userEvent.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getByRole('button', { name: `Change ${offer.title}` })).toBeVisible();
    expect(within(list).queryByLabelText('Title')).toBeNull();
  });
});
