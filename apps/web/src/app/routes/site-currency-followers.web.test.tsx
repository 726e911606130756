/**
 * What follows a change of the site's currency, on /admin/config (decision 037): the currency
 * card's preview names the services, packages and discount codes that move and those that would
 * not; the services card warns of packages in another currency; the packages and codes tabs flag
 * what is not in the site's currency.
 */
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import {
  paths,
  type AdminCoupon,
  type AdminCouponsList,
  type AdminPackage,
  type AdminPackagesList,
  type SiteCurrencyPreview,
} from '@consult/shared';
import { answer, apiPath, http } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { renderRoute, screen, waitFor, within } from '../../testing/test-utils';

const tab = (id: string) => `${paths.admin.config}?tab=${id}`;

const toDollars: SiteCurrencyPreview = {
  from: 'GBP',
  to: 'USD',
  moves: [
    {
      kind: 'service',
      id: 's1',
      title: 'Strategy session',
      from: { currency: 'GBP', amountMinor: 15000 },
      to: { currency: 'USD', amountMinor: 15000 },
    },
    {
      kind: 'package',
      id: 'p1',
      title: 'Five strategy sessions',
      from: { currency: 'GBP', amountMinor: 35000 },
      to: { currency: 'USD', amountMinor: 35000 },
    },
  ],
  codeAmounts: [
    {
      id: 'k1',
      code: 'TWENTYOFF',
      from: { currency: 'GBP', amountMinor: 2000 },
      to: { currency: 'USD', amountMinor: 2000 },
    },
  ],
  others: [{ kind: 'package', id: 'p2', title: 'Euro block', currency: 'EUR' }],
  codesWithoutAmount: [{ id: 'k2', code: 'EUROONLY', currencies: ['EUR'] }],
};

const euroBlock: AdminPackage = {
  id: 'p2000000-0000-4000-8000-000000000002',
  title: 'Euro block',
  description: '',
  services: ['strategy'],
  sessions: 3,
  priceMinor: 20000,
  currency: 'EUR',
  validityDays: null,
  active: true,
  ownCurrency: true,
  purchases: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const euroOnly: AdminCoupon = {
  id: 'k2000000-0000-4000-8000-000000000002',
  code: 'EUROONLY',
  percentOff: null,
  amountOff: [{ currency: 'EUR', amountMinor: 500 }],
  appliesTo: 'all',
  services: [],
  packages: [],
  validFrom: null,
  validTo: null,
  totalLimit: null,
  perClientLimit: null,
  active: true,
  redemptions: 0,
  reserved: 0,
  uses: [],
  createdAt: '2026-02-20T10:00:00.000Z',
  updatedAt: '2026-02-20T10:00:00.000Z',
};

describe('the currency card’s preview', () => {
  it('names the services and packages that move, the codes that get an amount, and what would not follow', async () => {
    server.use(
      http.get(apiPath('/admin/site-currency/preview'), ({ request }) => {
        const to = new URL(request.url).searchParams.get('currency');
        return answer<SiteCurrencyPreview>(
          to === 'USD'
            ? toDollars
            : {
                from: 'GBP',
                to: to!,
                moves: [],
                codeAmounts: [],
                others: [],
                codesWithoutAmount: [],
              },
        );
      }),
    );
    renderRoute(paths.admin.config, { as: 'admin' });
    const card = await screen.findByRole('form', { name: 'Site currency' });
    await userEvent.selectOptions(within(card).getByLabelText('Prices are in'), 'USD');
    const moves = await within(card).findByText(/2 prices follow the site’s currency/);
    expect(moves).toHaveTextContent(
      'Strategy session (service) £150.00 → $150.00 and Five strategy sessions (package) £350.00 → $350.00',
    );
    expect(
      within(card).getByText(/One discount code gets the same amount off in USD/),
    ).toHaveTextContent('TWENTYOFF £20.00 → $20.00 off');
    const apart = within(card).getByRole('alert');
    expect(apart).toHaveTextContent('Not everything will be in USD');
    expect(apart).toHaveTextContent(
      'Euro block (package, EUR) keeps its own currency: your public pages will show it beside prices in USD.',
    );
    expect(apart).toHaveTextContent(
      'EUROONLY (EUR only) has no amount in USD and will be refused for prices in USD until you add one on the Discount codes tab.',
    );
    expect(
      within(card).getByText(/package purchases and payments already made keep the currency/),
    ).toBeVisible();
  });

  it('says only that new prices use the new currency when nothing moves', async () => {
    renderRoute(paths.admin.config, { as: 'admin' });
    const card = await screen.findByRole('form', { name: 'Site currency' });
    await userEvent.selectOptions(within(card).getByLabelText('Prices are in'), 'EUR');
    expect(
      await within(card).findByText('New services and packages will be priced in EUR.'),
    ).toBeVisible();
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});

describe('prices in another currency than the site’s', () => {
  it('warns on the services card of a package charged in its own currency', async () => {
    server.use(
      http.get(apiPath('/admin/site-currency/preview'), () =>
        answer<SiteCurrencyPreview>({
          from: 'GBP',
          to: 'GBP',
          moves: [],
          codeAmounts: [],
          others: [{ kind: 'package', id: euroBlock.id, title: 'Euro block', currency: 'EUR' }],
          codesWithoutAmount: [],
        }),
      ),
    );
    renderRoute(paths.admin.config, { as: 'admin' });
    const services = await screen.findByRole('region', { name: 'Services' });
    const warning = await within(services).findByRole('alert');
    expect(warning).toHaveTextContent('Your public pages show prices in 2 currencies: EUR and GBP');
    expect(warning).toHaveTextContent(
      'Euro block (package, EUR) is charged in another currency than your site’s, GBP. If that is not what you want, move the package to GBP on the Packages tab.',
    );
  });

  it('flags the package on the packages tab and moves it to the site’s currency with its number', async () => {
    let patched: unknown;
    server.use(
      http.get(apiPath('/admin/packages'), () =>
        answer<AdminPackagesList>({ packages: [euroBlock] }),
      ),
      http.patch(apiPath('/admin/packages/:id'), async ({ request }) => {
        patched = await request.json();
        return answer<AdminPackage>({ ...euroBlock, currency: 'GBP', ownCurrency: false });
      }),
    );
    renderRoute(tab('packages'), { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Packages' });
    expect(await within(list).findByText('Charged in EUR, not GBP')).toBeVisible();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Charge Euro block in GBP: £200.00' }),
    );
    await waitFor(() => expect(patched).toEqual({ currency: 'GBP', priceMinor: 20000 }));
  });

  it('flags a fixed-amount code with no amount in the site’s currency and asks for it in its form', async () => {
    server.use(
      http.get(apiPath('/admin/coupons'), () => answer<AdminCouponsList>({ coupons: [euroOnly] })),
    );
    renderRoute(tab('coupons'), { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Discount codes' });
    expect(await within(list).findByText('No amount in GBP')).toBeVisible();
    expect(within(list).getByText(/Refused for prices in GBP, your site’s currency/)).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'Edit EUROONLY' }));
    const amount = await within(list).findByLabelText('Amount off (GBP)');
    expect(amount).toHaveValue('');
    expect(amount).toHaveAccessibleDescription(
      'No amount in GBP, your site’s currency, yet (it takes €5.00 off): prices in GBP refuse it until you type the amount it takes off.',
    );
  });
});
