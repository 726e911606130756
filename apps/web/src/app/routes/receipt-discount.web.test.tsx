/**
 * The printable receipt of a payment reduced by a discount code (issue 24): the price before it,
 * the code's line and the total paid, in the order of the shared `receiptLines`.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney, receiptPath, type PaymentDetail } from '@consult/shared';
import { makePayment } from '../../testing/mocks/data';
import { answer, apiPath, http } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { renderRoute, screen, within } from '../../testing/test-utils';

const money = (minor: number) => formatMoney(minor, 'GBP');

function detail(discount: PaymentDetail['receipt']['discount']): PaymentDetail {
  return {
    ...makePayment({ amountMinor: 9600 }),
    instructions: null,
    receipt: {
      business: { name: 'Harbour Consulting', address: '', taxId: '' },
      client: { name: 'Ada Client', email: 'ada@example.com' },
      service: {
        title: 'Strategy session',
        start: '2030-01-14T10:00:00.000Z',
        durationMinutes: 60,
      },
      package: null,
      taxRateBasisPoints: 0,
      netMinor: 9600,
      taxMinor: 0,
      discount,
      refunds: [],
      footer: '',
      void: false,
      voidedAt: null,
      voidReason: null,
      voidedReceipts: [],
    },
  };
}

describe('a receipt with a discount code', () => {
  it('shows the price before the code, the code with its discount, and the total paid', async () => {
    server.use(
      http.get(apiPath('/payments/:id'), () =>
        answer<PaymentDetail>(
          detail({ code: 'SPRING20', originalMinor: 12000, discountMinor: 2400 }),
        ),
      ),
    );
    renderRoute(receiptPath('p1'), { as: 'user' });
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ServiceAmount',
      expect.stringMatching(new RegExp(`^Strategy session.*${money(12000).replace('.', '\\.')}$`)),
      `Discount code SPRING20−${money(2400)}`,
      `Total paid${money(9600)}`,
    ]);
  });

  it('shows the amount alone without a code', async () => {
    server.use(http.get(apiPath('/payments/:id'), () => answer<PaymentDetail>(detail(null))));
    renderRoute(receiptPath('p1'), { as: 'user' });
    const table = await screen.findByRole('table');
    expect(within(table).queryByText(/Discount code/)).toBeNull();
    expect(within(table).getAllByText(money(9600))).toHaveLength(2);
  });
});
