/**
 * What the owner's money dialogs say when the server refused (decision 046): a card payment Stripe
 * is confirming, or a refund Stripe can never make, by their problem types; any other refusal as
 * its own sentence.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE,
  REFUND_NOT_POSSIBLE_ONLINE_PROBLEM_TYPE,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { errorMessage, readProblem } from '../../lib/problem';

const TITLES: Record<string, { title: string; tone: 'info' | 'error' }> = {
  [CARD_PAYMENT_IN_PROGRESS_PROBLEM_TYPE]: { title: 'Already paid by card', tone: 'info' },
  [REFUND_NOT_POSSIBLE_ONLINE_PROBLEM_TYPE]: {
    title: 'Refund it in Stripe’s dashboard instead',
    tone: 'error',
  },
};

export function PaymentProblemAlert({
  error,
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
}) {
  const known = TITLES[readProblem(error)?.type ?? ''];
  return (
    <Alert tone={known?.tone ?? 'error'} title={known?.title}>
      {errorMessage(error)}
    </Alert>
  );
}
