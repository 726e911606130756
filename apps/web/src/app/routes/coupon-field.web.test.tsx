/**
 * "Have a discount code?" on /consultation (issue 24): in the booking flow and on a package offer,
 * the price with the discount before paying, every refusal in the shared words of its reason, a
 * code that makes it free, and a code refused when booking or buying (409).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  consultationPathFor,
  COUPON_MESSAGES,
  COUPON_REFUSAL_MESSAGES,
  COUPON_REFUSAL_REASONS,
  COUPON_REFUSED_PROBLEM_TYPE,
  formatMoney,
  formatPrice,
  paths,
  SESSION_HINT_COOKIE,
  type CouponCheckAnswer,
  type CouponRefusalReason,
  type CouponRefusedProblem,
  type CreatedBooking,
  type PackagesList,
  type PublicPackage,
  type PublicSite,
  type PurchaseAnswer,
  type SiteService,
  type UserCredits,
} from '@consult/shared';
import { makeBooking, publicSite, siteService } from '../../testing/mocks/data';
import { freeTimeOnLastDay } from '../../testing/mocks/handlers/bookings';
import { answer, apiPath, http, HttpResponse } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { renderRoute, screen, within } from '../../testing/test-utils';

const paid: SiteService = { ...siteService, priceMinor: 12000, currency: 'GBP' };
const money = (minor: number) => formatMoney(minor, 'GBP');

const refusedWith = (reason: CouponRefusalReason) =>
  HttpResponse.json(
    {
      type: COUPON_REFUSED_PROBLEM_TYPE,
      title: 'Conflict',
      status: 409,
      detail: COUPON_REFUSAL_MESSAGES[reason],
      reason,
    } satisfies CouponRefusedProblem,
    { status: 409, headers: { 'content-type': 'application/problem+json' } },
  );

/** The check answers with this, and records what it was asked. */
function checkAnswers(reply: CouponCheckAnswer) {
  const asked: unknown[] = [];
  server.use(
    http.post(apiPath('/coupons/check'), async ({ request }) => {
      asked.push(await request.json());
      return answer<CouponCheckAnswer>(reply);
    }),
  );
  return asked;
}

const tenOff: CouponCheckAnswer = {
  valid: true,
  discountMinor: 1200,
  totalMinor: 10800,
  currency: 'GBP',
};

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});

async function openPaidFlow(book: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(apiPath('/site'), () => answer<PublicSite>({ ...publicSite, services: [paid] })),
    freeTimeOnLastDay,
    http.post(apiPath('/bookings'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return book(body);
    }),
  );
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  const view = renderRoute(consultationPathFor(paid.slug), { as: 'user' });
  await view.user.click(await screen.findByRole('button', { name: /, available$/ }));
  const times = await screen.findByRole('region', { name: /^Free times on/ });
  await view.user.click(within(times).getByRole('button'));
  return { ...view, sent };
}

async function applyCode(user: ReturnType<typeof renderRoute>['user'], code: string) {
  await user.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
  await user.type(screen.getByRole('textbox', { name: 'Discount code' }), code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

const bookedWithDiscount = (total: number) =>
  answer<CreatedBooking>(
    {
      ...makeBooking({ priceMinor: total, paymentDue: total > 0, currency: 'GBP' }),
      credit: null,
      discount: { code: 'SPRING10', originalMinor: 12000, discountMinor: 12000 - total },
    },
    { status: 201 },
  );

describe('/consultation: a discount code on a booking', () => {
  it('shows the price with the discount before paying and books with the code', async () => {
    const asked = checkAnswers(tenOff);
    const { user, sent } = await openPaidFlow(() => bookedWithDiscount(10800));
    await applyCode(user, 'spring10');
    expect(
      await screen.findByText((_, node) =>
        Boolean(
          node?.tagName === 'P' &&
          node.textContent === `SPRING10 applied: ${money(1200)} off, you pay ${money(10800)}.`,
        ),
      ),
    ).toBeVisible();
    expect(asked).toEqual([{ code: 'spring10', service: paid.slug }]);
    expect(
      screen.getByText(new RegExp(`${money(10800)} with the code SPRING10 \\(instead of`)),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeVisible();
    expect(sent[0]).toMatchObject({ couponCode: 'SPRING10' });
    expect(
      screen.getByText(`SPRING10: ${money(1200)} off ${money(12000)}. You pay ${money(10800)}.`),
    ).toBeVisible();
  });

  it.each(COUPON_REFUSAL_REASONS)(
    'says why a code is refused (%s) in the shared words, and books without it',
    async (reason) => {
      checkAnswers({ valid: false, discountMinor: 0, totalMinor: 12000, currency: 'GBP', reason });
      const { user, sent } = await openPaidFlow(() => bookedWithDiscount(12000));
      await applyCode(user, 'NOPE1');
      const input = await screen.findByRole('textbox', {
        name: 'Discount code',
        description: COUPON_REFUSAL_MESSAGES[reason],
      });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText(/applied:/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
      await screen.findByRole('heading', { name: 'You are booked' });
      expect(sent[0]).not.toHaveProperty('couponCode');
    },
  );

  it('asks for a code before checking an empty one', async () => {
    const asked = checkAnswers(tenOff);
    const { user } = await openPaidFlow(() => bookedWithDiscount(10800));
    await user.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      screen.getByRole('textbox', {
        name: 'Discount code',
        description: COUPON_MESSAGES.typedCodeRequired,
      }),
    ).toBeVisible();
    expect(asked).toEqual([]);
  });

  it('says a code makes the session free, and the booking needs no payment', async () => {
    checkAnswers({ valid: true, discountMinor: 12000, totalMinor: 0, currency: 'GBP' });
    const { user } = await openPaidFlow(() => bookedWithDiscount(0));
    await applyCode(user, 'FREE100');
    expect(
      await screen.findByText(/the session is free with this code: nothing to pay/),
    ).toBeVisible();
    expect(screen.getByText(/Free with the code FREE100, nothing to pay/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(
      await screen.findByText(`SPRING10: ${money(12000)} off ${money(12000)}. Nothing to pay.`),
    ).toBeVisible();
  });

  it('takes a code refused at booking off, says why, and books at the full price next', async () => {
    checkAnswers(tenOff);
    const { user, sent } = await openPaidFlow((body) =>
      body.couponCode ? refusedWith('used_up') : bookedWithDiscount(12000),
    );
    await applyCode(user, 'SPRING10');
    await screen.findByText(/SPRING10/, { selector: 'strong' });
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The code SPRING10 could not be used')).toBeVisible();
    expect(within(alert).getByText(new RegExp(COUPON_REFUSAL_MESSAGES.used_up))).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'You are booked' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'You are booked' });
    expect(sent.map((body) => body.couponCode)).toEqual(['SPRING10', undefined]);
  });

  it('offers the code only when the client pays as usual, not with a package credit', async () => {
    server.use(
      http.get(apiPath('/user/credits'), () =>
        answer<UserCredits>({
          credits: [
            {
              purchaseId: 'u1',
              packageTitle: 'Five strategy sessions',
              services: [paid.slug],
              remaining: 2,
              expiresAt: null,
            },
          ],
          purchases: [],
          paymentInstructions: null,
          uses: [],
        }),
      ),
    );
    const { user } = await openPaidFlow(() => bookedWithDiscount(12000));
    await screen.findByRole('radio', { name: /Use 1 credit/ });
    expect(screen.queryByRole('button', { name: 'Have a discount code?' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: `Pay as usual (${formatPrice(paid)})` }));
    expect(await screen.findByRole('button', { name: 'Have a discount code?' })).toBeVisible();
  });
});

describe('/consultation: a discount code on a package', () => {
  const offer: PublicPackage = {
    id: 'p1000000-0000-4000-8000-000000000001',
    title: 'Five strategy sessions',
    description: '',
    services: [paid.slug],
    sessions: 5,
    priceMinor: 35000,
    currency: 'GBP',
    validityDays: 180,
  };
  const purchase: PurchaseAnswer['purchase'] = {
    id: 'u1',
    packageId: offer.id,
    packageTitle: offer.title,
    sessions: 5,
    priceMinor: 31500,
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
  };

  function offersPage(buy: (body: Record<string, unknown>) => Response) {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(apiPath('/packages'), () => answer<PackagesList>({ packages: [offer] })),
      http.post(apiPath('/packages/:id/purchase'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return buy(body);
      }),
    );
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    return { ...renderRoute(paths.consultation, { as: 'user' }), sent };
  }

  it('shows the package price with the code and buys with it', async () => {
    const asked = checkAnswers({
      valid: true,
      discountMinor: 3500,
      totalMinor: 31500,
      currency: 'GBP',
    });
    const { user, sent } = offersPage(() => answer<PurchaseAnswer>({ purchase }, { status: 201 }));
    await applyCode(user, 'SPRING10');
    const card = (await screen.findByRole('heading', { name: offer.title })).closest('li')!;
    expect(await within(card).findByText(/SPRING10/, { selector: 'strong' })).toBeVisible();
    expect(within(card).getByText(money(35000), { selector: 's *, s' })).toBeVisible();
    expect(asked).toEqual([{ code: 'SPRING10', package: offer.id }]);
    await user.click(within(card).getByRole('button', { name: `Buy ${offer.title}` }));
    expect(await screen.findByText('Purchase recorded')).toBeVisible();
    expect(sent).toEqual([{ couponCode: 'SPRING10' }]);
  });

  it('takes a code refused at purchase off and says why; nothing was bought', async () => {
    checkAnswers({ valid: true, discountMinor: 3500, totalMinor: 31500, currency: 'GBP' });
    const { user } = offersPage(() => refusedWith('expired'));
    await applyCode(user, 'SPRING10');
    const card = (await screen.findByRole('heading', { name: offer.title })).closest('li')!;
    await within(card).findByText(/SPRING10/, { selector: 'strong' });
    await user.click(within(card).getByRole('button', { name: `Buy ${offer.title}` }));
    const alert = await within(card).findByRole('alert');
    expect(within(alert).getByText(new RegExp(COUPON_REFUSAL_MESSAGES.expired))).toBeVisible();
    expect(within(card).queryByText(/applied:/)).toBeNull();
    expect(within(card).getByText(money(35000))).toBeVisible();
  });
});
