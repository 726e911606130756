/**
 * The owner gives one credit back to a paid purchase, or takes one back (issue 24), from the
 * client's record: a reason is required, the dialog says what the purchase will hold after, and
 * the server audits it with the reason in the ledger.
 */
import { useState } from 'react';
import { CREDIT_REASON_MAX, PACKAGE_MESSAGES, type PackagePurchase } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField } from '../../components/ui/field';
import { fieldErrors } from '../../lib/problem';
import { creditRefusalMessage } from './credit-refusals';
import { useAdjustCreditsMutation } from './packages-api';
import { creditsText } from './package-words';

type Direction = 'give' | 'take';

const WORDS: Record<Direction, { action: string; title: string; busy: string; done: string }> = {
  give: {
    action: 'Give a credit back',
    title: 'Give a credit back?',
    busy: 'Giving back…',
    done: 'A credit was given back',
  },
  take: {
    action: 'Take a credit back',
    title: 'Take a credit back?',
    busy: 'Taking back…',
    done: 'A credit was taken back',
  },
};

export function AdjustCredit({ userId, purchase }: { userId: string; purchase: PackagePurchase }) {
  const [direction, setDirection] = useState<Direction | null>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [adjust, { isLoading, error, reset }] = useAdjustCreditsMutation();
  const words = direction && WORDS[direction];
  const after = purchase.creditsRemaining + (direction === 'take' ? -1 : 1);
  const reasonError =
    (missing && PACKAGE_MESSAGES.creditReasonRequired) || fieldErrors(error).reason;

  function open(next: Direction) {
    reset();
    setDone(null);
    setMissing(false);
    setReason('');
    setDirection(next);
  }

  async function confirm() {
    if (!direction) return;
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    const answer = await adjust({
      userId,
      purchaseId: purchase.id,
      delta: direction === 'take' ? -1 : 1,
      reason,
    })
      .unwrap()
      .catch(() => null);
    if (answer) {
      setDone(`${WORDS[direction].done}: ${creditsText(answer.purchase.creditsRemaining)} left.`);
      setDirection(null);
    }
  }

  return (
    <div className="flex basis-full flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => open('give')}
          aria-label={`Give a credit back to ${purchase.packageTitle}`}
        >
          Give a credit back
        </Button>
        {purchase.creditsRemaining > 0 && (
          <Button
            variant="secondary"
            onClick={() => open('take')}
            aria-label={`Take a credit back from ${purchase.packageTitle}`}
          >
            Take a credit back
          </Button>
        )}
      </div>
      {done && <Alert tone="success">{done}</Alert>}
      <ConfirmDialog
        open={direction !== null}
        title={words?.title ?? ''}
        confirmLabel={words?.action ?? ''}
        busyLabel={words?.busy ?? ''}
        busy={isLoading}
        dismissLabel="Keep as it is"
        tone={direction === 'take' ? 'danger' : 'primary'}
        onConfirm={() => void confirm()}
        onClose={() => setDirection(null)}
      >
        <div className="flex flex-col gap-4">
          <p className="[overflow-wrap:anywhere]">
            “{purchase.packageTitle}” has {creditsText(purchase.creditsRemaining)} left;{' '}
            {creditsText(Math.max(after, 0))} after this. The client is not mailed; your reason is
            kept in the credits’ ledger and the audit log.
          </p>
          <TextAreaField
            label="Why"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            maxLength={CREDIT_REASON_MAX}
            error={reasonError || undefined}
            rows={3}
            required
          />
          {error && !fieldErrors(error).reason && (
            <Alert tone="error">{creditRefusalMessage(error)}</Alert>
          )}
        </div>
      </ConfirmDialog>
    </div>
  );
}
