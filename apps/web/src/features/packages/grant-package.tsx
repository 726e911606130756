/**
 * The owner grants a package to a client from the client's record (issue 24): free (a gift: no
 * payment, no receipt, any number of credits) or paid by hand (the package's price received, its
 * credits, the next gap-free receipt mailed to the client). Confirmed first; audited by the server.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_REASON_MAX,
  formatMoney,
  PACKAGE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paths,
  type AdminPackage,
  type PackagePurchase,
  type PaymentMethod,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField, TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatPlainDate, formatPlainDay } from '../../lib/date-time';
import { fieldErrors } from '../../lib/problem';
import { creditRefusalMessage } from './credit-refusals';
import { useAdjustCreditsMutation, useGetAdminPackagesQuery } from './packages-api';
import { creditsText, sessionsText } from './package-words';

type How = 'free' | 'paid';

export function GrantPackage({ userId, timeZone }: { userId: string; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby={`grant-${userId}`} className="mt-6 border-t border-line pt-4">
      <h3 id={`grant-${userId}`} className="text-base font-semibold text-ink">
        Grant a package
      </h3>
      <p className="mt-1 text-sm text-muted">
        Give this client a package yourself: free, or recorded as paid by hand.
      </p>
      {done && (
        <div className="mt-3">
          <Alert tone="success">{done}</Alert>
        </div>
      )}
      {open ? (
        <GrantForm
          userId={userId}
          timeZone={timeZone}
          onClose={() => setOpen(false)}
          onGranted={(message) => {
            setDone(message);
            setOpen(false);
          }}
        />
      ) : (
        <div className="mt-3">
          <Button
            variant="secondary"
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            Grant a package
          </Button>
        </div>
      )}
    </section>
  );
}

function GrantForm({
  userId,
  timeZone,
  onClose,
  onGranted,
}: {
  userId: string;
  timeZone: string;
  onClose: () => void;
  onGranted: (message: string) => void;
}) {
  const packages = useGetAdminPackagesQuery();
  if (packages.isLoading) return <Skeleton lines={3} label="Loading packages" />;
  if (!packages.data) {
    return (
      <LoadError what="packages" error={packages.error} onRetry={() => void packages.refetch()} />
    );
  }
  if (packages.data.packages.length === 0) {
    return (
      <div className="mt-3 flex flex-col gap-3">
        <p className="text-base text-muted">
          There is no package to grant yet: define one on the Packages tab of Settings first.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={`${paths.admin.config}?tab=packages`} className={buttonClasses('secondary')}>
            Go to Packages
          </Link>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <GrantFields
      userId={userId}
      timeZone={timeZone}
      packages={packages.data.packages}
      onClose={onClose}
      onGranted={onGranted}
    />
  );
}

function packageLabel(offer: AdminPackage) {
  const price = offer.priceMinor === 0 ? 'free' : formatMoney(offer.priceMinor, offer.currency);
  return `${offer.title} (${sessionsText(offer.sessions)}, ${price})${offer.active ? '' : ' · retired'}`;
}

function grantedText(purchase: PackagePurchase, timeZone: string) {
  const what = `“${purchase.packageTitle}” granted: ${creditsText(purchase.sessions)}`;
  const until = purchase.expiresAt
    ? `usable until ${formatPlainDate(purchase.expiresAt, timeZone)}`
    : 'no expiry';
  if (purchase.paymentId === null) return `${what}, free, ${until}.`;
  return `${what}, ${until}; paid ${formatMoney(purchase.priceMinor, purchase.currency)} by hand, receipt ${purchase.receiptNumber ?? ''} mailed to the client.`;
}

function GrantFields({
  userId,
  timeZone,
  packages,
  onClose,
  onGranted,
}: {
  userId: string;
  timeZone: string;
  packages: AdminPackage[];
  onClose: () => void;
  onGranted: (message: string) => void;
}) {
  const [packageId, setPackageId] = useState(packages[0]!.id);
  const offer = packages.find((candidate) => candidate.id === packageId) ?? packages[0]!;
  const payable = offer.priceMinor > 0;
  const [chosenHow, setHow] = useState<How>('free');
  const how: How = payable ? chosenHow : 'free';
  const [credits, setCredits] = useState(String(offer.sessions));
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  // Empty: the server records today in the owner's zone, as mark-paid does.
  const [receivedOn, setReceivedOn] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [grant, { isLoading, error, reset }] = useAdjustCreditsMutation();
  const serverFields = fieldErrors(error);
  const errors = { ...serverFields, ...local };
  const delta = how === 'paid' ? offer.sessions : Number(credits);
  const price = formatMoney(offer.priceMinor, offer.currency);

  function choosePackage(id: string) {
    setPackageId(id);
    const next = packages.find((candidate) => candidate.id === id);
    if (next) setCredits(String(next.sessions));
  }

  function review(event: FormEvent) {
    event.preventDefault();
    reset();
    const problems: Record<string, string> = {};
    if (!Number.isInteger(delta) || delta < 1 || delta > CREDIT_ADJUSTMENT_MAX) {
      problems.delta = PACKAGE_MESSAGES.creditDeltaInvalid;
    }
    if (reason.trim() === '') problems.reason = PACKAGE_MESSAGES.creditReasonRequired;
    setLocal(problems);
    if (Object.keys(problems).length === 0) setConfirming(true);
  }

  async function confirm() {
    const answer = await grant({
      userId,
      packageId: offer.id,
      delta,
      reason,
      ...(how === 'paid' && {
        paidByHand: { method, ...(receivedOn !== '' && { receivedOn }) },
      }),
    })
      .unwrap()
      .catch(() => null);
    setConfirming(false);
    if (answer) onGranted(grantedText(answer.purchase, timeZone));
  }

  return (
    <form onSubmit={review} noValidate className="mt-3 flex flex-col gap-4">
      <SelectField
        label="Package"
        value={offer.id}
        onChange={(event) => choosePackage(event.target.value)}
        options={packages.map((candidate) => ({
          value: candidate.id,
          label: packageLabel(candidate),
        }))}
        error={errors.packageId}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-ink">How</legend>
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="radio"
            name={`grant-how-${userId}`}
            checked={how === 'free'}
            onChange={() => setHow('free')}
            className="mt-1 size-4 accent-brand"
          />
          <span>
            <span className="font-medium text-ink">Free</span>
            <span className="block text-sm text-muted">A gift: no payment and no receipt.</span>
          </span>
        </label>
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="radio"
            name={`grant-how-${userId}`}
            checked={how === 'paid'}
            disabled={!payable}
            onChange={() => setHow('paid')}
            className="mt-1 size-4 accent-brand"
          />
          <span>
            <span className={`font-medium ${payable ? 'text-ink' : 'text-muted'}`}>
              Paid by hand
            </span>
            <span className="block text-sm text-muted">
              {payable
                ? `You received ${price}: recorded as paid, with the next receipt number, mailed to the client.`
                : 'This package is free: there is no price to record.'}
            </span>
          </span>
        </label>
      </fieldset>
      {how === 'free' ? (
        <TextField
          label="Credits"
          inputMode="numeric"
          value={credits}
          onChange={(event) => setCredits(event.target.value)}
          hint={`The package has ${sessionsText(offer.sessions)}; give from 1 to ${CREDIT_ADJUSTMENT_MAX}`}
          error={errors.delta}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Received by"
            value={method}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
            options={PAYMENT_METHODS.map((value) => ({
              value,
              label: PAYMENT_METHOD_LABELS[value],
            }))}
            error={errors['paidByHand.method']}
          />
          <TextField
            label="Received on"
            type="date"
            value={receivedOn}
            hint="Empty: today"
            onChange={(event) => setReceivedOn(event.target.value)}
            error={errors['paidByHand.receivedOn'] ?? errors.receivedOn}
          />
          {errors.delta && (
            <p role="alert" className="text-sm font-medium text-danger sm:col-span-2">
              {errors.delta}
            </p>
          )}
        </div>
      )}
      <TextAreaField
        label="Why"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={CREDIT_REASON_MAX}
        hint="Kept in the credits’ ledger and the audit log; the client does not see it."
        error={errors.reason}
        rows={2}
        required
      />
      {error && Object.keys(serverFields).length === 0 && (
        <Alert tone="error">{creditRefusalMessage(error)}</Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isLoading}>
          Grant…
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Grant this package?"
        confirmLabel={how === 'paid' ? 'Grant, paid by hand' : 'Grant free'}
        busyLabel="Granting…"
        busy={isLoading}
        dismissLabel="Go back"
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        <p className="[overflow-wrap:anywhere]">
          {how === 'paid'
            ? `The client gets “${offer.title}”: ${creditsText(delta)}, recorded as paid ${price} (${PAYMENT_METHOD_LABELS[method]}, ${receivedOn ? formatPlainDay(receivedOn) : 'received today'}). The next receipt number is taken and the receipt is mailed to the client; a mistake is then undone by a refund, not deleted.`
            : `The client gets “${offer.title}”: ${creditsText(delta)}, free. No payment and no receipt are recorded.`}
        </p>
      </ConfirmDialog>
    </form>
  );
}
