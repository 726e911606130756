/**
 * A client's package credits and purchases (issue 24): on /dash for the client, and in the owner's
 * record of a client. Credits usable now per package with their expiry; every purchase with its
 * state and receipt number.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import {
  formatMoney,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type CreditUse,
  type PackagePurchase,
  type PaymentMethod,
  type UserCredits,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { errorMessage } from '../../lib/problem';
import { Card } from '../../components/ui/card';
import { Pill } from '../../components/ui/pill';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatPlainDate } from '../../lib/date-time';
import {
  useGetClientCreditsQuery,
  useGetMyCreditsQuery,
  useMarkPurchasePaidMutation,
} from './packages-api';
import { AdjustCredit } from './adjust-credit';
import { GrantPackage } from './grant-package';
import { creditsText, sessionsText } from './package-words';

const STATE_LABELS: Record<PackagePurchase['state'], { label: string; tone: string }> = {
  pending_payment: { label: 'Awaiting payment', tone: 'bg-accent-soft text-ink' },
  paid: { label: 'Paid', tone: 'bg-success-soft text-success' },
  cancelled: { label: 'Cancelled', tone: 'bg-line text-muted' },
  refunded: { label: 'Refunded', tone: 'bg-line text-muted' },
};

/** The signed-in client's credits, on /dash. */
export function MyCreditsCard({ timeZone }: { timeZone: string }) {
  const query = useGetMyCreditsQuery();
  return <CreditsCard query={query} timeZone={timeZone} whose="Your" />;
}

/**
 * A client's credits as the owner sees them in the client's record, with the owner's hand: a
 * package granted, a credit given or taken back (`manage`; off for a deleted client's record).
 */
export function ClientCreditsCard({
  userId,
  timeZone,
  manage = true,
}: {
  userId: string;
  timeZone: string;
  manage?: boolean;
}) {
  const query = useGetClientCreditsQuery(userId);
  return (
    <CreditsCard query={query} timeZone={timeZone} whose="Their" ownerOf={manage ? userId : null} />
  );
}

function CreditsCard({
  query,
  timeZone,
  whose,
  ownerOf = null,
}: {
  query: {
    data?: UserCredits;
    isLoading: boolean;
    error?: FetchBaseQueryError | SerializedError;
    refetch: () => unknown;
  };
  timeZone: string;
  whose: 'Your' | 'Their';
  /** The client whose record the owner is managing: grant and adjust are offered. */
  ownerOf?: string | null;
}) {
  const { data, isLoading, error, refetch } = query;
  const grant = ownerOf && <GrantPackage userId={ownerOf} timeZone={timeZone} />;
  if (isLoading) {
    return (
      <Card title="Package credits">
        <Skeleton label="Loading package credits" />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card title="Package credits">
        <LoadError what="package credits" error={error} onRetry={() => void refetch()} />
      </Card>
    );
  }
  const none = data.purchases.length === 0;
  // One card in both states, the grant last in it: a grant that makes the first purchase keeps
  // its confirmation on screen.
  return (
    <Card
      title="Package credits"
      description={
        none
          ? `${whose === 'Your' ? 'You have' : 'This client has'} no package of sessions yet.`
          : `${whose} sessions paid in advance.`
      }
    >
      {none ? null : (
        <CreditsList data={data} timeZone={timeZone} whose={whose} ownerOf={ownerOf} />
      )}
      {grant}
    </Card>
  );
}

function CreditsList({
  data,
  timeZone,
  whose,
  ownerOf,
}: {
  data: UserCredits;
  timeZone: string;
  whose: 'Your' | 'Their';
  ownerOf: string | null;
}) {
  return (
    <>
      {data.credits.length === 0 ? (
        <p className="text-base text-muted">No credit usable now.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Credits usable now">
          {data.credits.map((credit) => (
            <li
              key={credit.purchaseId}
              className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-brand-soft px-4 py-3"
            >
              <span className="font-semibold text-ink">{credit.packageTitle}</span>
              <span className="text-base text-brand-strong">
                {credit.remaining} {credit.remaining === 1 ? 'credit' : 'credits'} left
                {credit.expiresAt
                  ? `, until ${formatPlainDate(credit.expiresAt, timeZone)}`
                  : ', no expiry'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-6 text-base font-semibold text-ink">Purchases</h3>
      <ul className="mt-2 divide-y divide-line" aria-label="Package purchases">
        {data.purchases.map((purchase) => {
          const state = STATE_LABELS[purchase.state];
          return (
            <li
              key={purchase.id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4"
            >
              {/* A floor under the title, so a long line beside it wraps below instead of
                  squeezing the title to a word a line. */}
              <span className="min-w-0 font-medium [overflow-wrap:anywhere] text-ink sm:min-w-56 sm:flex-1">
                {purchase.packageTitle} ({sessionsText(purchase.sessions)})
              </span>
              <span className="text-sm text-muted">
                {purchase.granted && purchase.paymentId === null
                  ? 'Given by the consultant'
                  : purchase.priceMinor === 0
                    ? 'Free'
                    : formatMoney(purchase.priceMinor, purchase.currency)}
                {' · '}
                {formatPlainDate(purchase.createdAt, timeZone)}
                {purchase.receiptNumber && ` · Receipt ${purchase.receiptNumber}`}
                {purchase.state === 'paid' && ` · ${creditsText(purchase.creditsRemaining)} left`}
              </span>
              <span className="self-start sm:self-auto">
                <Pill tone={state.tone}>{state.label}</Pill>
              </span>
              {purchase.state === 'pending_payment' &&
                purchase.provider === 'manual' &&
                (whose === 'Their' ? (
                  <MarkPurchasePaid purchase={purchase} />
                ) : (
                  <HowToPay purchase={purchase} instructions={data.paymentInstructions} />
                ))}
              {ownerOf && purchase.state === 'paid' && (
                <AdjustCredit userId={ownerOf} purchase={purchase} />
              )}
            </li>
          );
        })}
      </ul>
      {data.uses.length > 0 && (
        <>
          <h3 className="mt-6 text-base font-semibold text-ink">Bookings paid with credits</h3>
          <ul className="mt-2 divide-y divide-line" aria-label="Bookings paid with credits">
            {data.uses.map((use) => (
              <li key={use.bookingId} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:gap-4">
                <span className="min-w-0 font-medium text-ink sm:flex-1">
                  {use.serviceTitle}, {formatPlainDate(use.start, timeZone)} ({use.reference})
                </span>
                <span className="text-sm text-muted">
                  {titleOf(data.purchases, use.purchaseId)} · {USE_OUTCOMES[use.outcome]}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * How the client pays a purchase by hand: the amount, the owner's instructions as written, and what
 * to write on the transfer so the owner can tell whose it is. Its credits are usable once the owner
 * records the payment.
 */
function HowToPay({
  purchase,
  instructions,
}: {
  purchase: PackagePurchase;
  instructions: string | null;
}) {
  const amount = formatMoney(purchase.priceMinor, purchase.currency);
  const words = instructions?.trim() ?? '';
  return (
    <div className="w-full">
      <Alert tone="info" title={`How to pay ${amount}`}>
        <p className="whitespace-pre-line [overflow-wrap:anywhere]">
          {words || NO_PAYMENT_INSTRUCTIONS_TEXT}
        </p>
        <p className="mt-2 [overflow-wrap:anywhere]">
          Write your name and “{purchase.packageTitle}” as the payment reference. The credits can be
          used once the payment is recorded.
        </p>
      </Alert>
    </div>
  );
}

const USE_OUTCOMES: Record<CreditUse['outcome'], string> = {
  used: 'Credit used',
  returned: 'Credit given back',
  forfeited: 'Credit forfeited',
};

const titleOf = (purchases: PackagePurchase[], id: string) =>
  purchases.find((purchase) => purchase.id === id)?.packageTitle ?? 'Package';

/** The owner records a package paid by hand: how the money came; the receipt number follows. */
function MarkPurchasePaid({ purchase }: { purchase: PackagePurchase }) {
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [markPaid, { isLoading, error }] = useMarkPurchasePaidMutation();
  return (
    <div className="flex basis-full flex-col gap-2 sm:flex-row sm:items-end">
      <div className="sm:w-56">
        <SelectField
          label="Received by"
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
        />
      </div>
      <Button
        variant="secondary"
        disabled={isLoading}
        onClick={() => void markPaid({ id: purchase.id, method })}
        aria-label={`Mark ${purchase.packageTitle} paid`}
      >
        Mark paid
      </Button>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
    </div>
  );
}
