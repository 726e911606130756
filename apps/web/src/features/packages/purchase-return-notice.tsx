/**
 * The notice at the top of /dash after Stripe's Checkout sends a package buyer back
 * (`?purchase=<id>&payment=success|cancelled`): the payment received with the credits ready, the
 * wait for Stripe's confirmation (the credits card updates as it polls), or a checkout left unpaid.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CHECKOUT_RETURN_TEXT, paths, type PackagePurchase } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { useNow } from '../../hooks/use-now';
import { useMailDelivered } from '../../lib/site-brand-api';
import { useGetMyCreditsQuery } from './packages-api';
import { sessionsText } from './package-words';

/** Polled quickly at first, then slower; after this long the client checks again by hand. */
const FAST_POLL_MS = 2_000;
const SLOW_POLL_MS = 5_000;
const FAST_FOR_MS = 30_000;
const POLL_FOR_MS = 120_000;

type ReturnState = 'received' | 'confirming' | 'slow' | 'waiting' | 'left' | 'gone';

export function PurchaseReturnNotice() {
  const [params, setParams] = useSearchParams();
  const purchaseId = params.get('purchase');
  const outcome = params.get('payment');
  if (!purchaseId || (outcome !== 'success' && outcome !== 'cancelled')) return null;
  const dismiss = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('payment');
        next.delete('purchase');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <ReturnNotice
      key={`${outcome}:${purchaseId}`}
      purchaseId={purchaseId}
      paid={outcome === 'success'}
      onDismiss={dismiss}
    />
  );
}

function ReturnNotice({
  purchaseId,
  paid,
  onDismiss,
}: {
  purchaseId: string;
  paid: boolean;
  onDismiss: () => void;
}) {
  const [openedAt] = useState(() => Date.now());
  const now = useNow(1_000);
  const { data, isFetching, refetch } = useGetMyCreditsQuery();
  const mailDelivered = useMailDelivered() !== false;
  const purchase = data?.purchases.find((candidate) => candidate.id === purchaseId);
  const state = returnState(paid, purchase, data !== undefined, now - openedAt);
  // A second subscription to the same credits: it only adds the polling while Stripe confirms.
  useGetMyCreditsQuery(undefined, {
    pollingInterval: state === 'confirming' ? FAST_POLL_MS : state === 'slow' ? SLOW_POLL_MS : 0,
  });
  if (state === 'gone' || !data) return null;
  const { title, body } = noticeText(state, purchase, mailDelivered);
  return (
    <div className="mb-6">
      {/* One Alert whose words change in place, so screen readers announce each step. */}
      <Alert tone={state === 'received' ? 'success' : 'info'} title={title}>
        <p className="text-base">{body}</p>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {state === 'left' && (
            <Link to={paths.consultation} className={buttonClasses('primary')}>
              See the packages
            </Link>
          )}
          {state === 'waiting' && (
            <Button variant="secondary" disabled={isFetching} onClick={() => void refetch()}>
              {isFetching ? 'Checking...' : 'Check again'}
            </Button>
          )}
          {state !== 'confirming' && (
            <Button variant="ghost" onClick={onDismiss}>
              Close this notice
            </Button>
          )}
        </div>
      </Alert>
    </div>
  );
}

function returnState(
  paid: boolean,
  purchase: PackagePurchase | undefined,
  loaded: boolean,
  waitedMs: number,
): ReturnState {
  if (loaded && !purchase) return 'gone';
  if (purchase?.state === 'paid') return 'received';
  if (!paid || (purchase && purchase.state !== 'pending_payment')) return 'left';
  if (waitedMs < FAST_FOR_MS) return 'confirming';
  return waitedMs < POLL_FOR_MS ? 'slow' : 'waiting';
}

function noticeText(
  state: Exclude<ReturnState, 'gone'>,
  purchase: PackagePurchase | undefined,
  mailDelivered: boolean,
): { title: string; body: string } {
  const what = purchase ? `${purchase.packageTitle} (${sessionsText(purchase.sessions)})` : '';
  switch (state) {
    case 'received':
      return {
        title: 'Payment received',
        body: `${what} is paid: its credits are below, ready to book with.`,
      };
    case 'confirming':
      return CHECKOUT_RETURN_TEXT.confirming;
    case 'slow':
      return CHECKOUT_RETURN_TEXT.slow;
    case 'waiting':
      return CHECKOUT_RETURN_TEXT.waiting(mailDelivered);
    case 'left':
      return {
        title: 'The payment was not completed',
        body: `Nothing was charged, and ${what || 'the package'} is not bought. You can buy it again from the packages.`,
      };
  }
}
