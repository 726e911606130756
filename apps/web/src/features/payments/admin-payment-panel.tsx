import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  adminUserPath,
  formatDueDay,
  formatMoney,
  moneyInputMessage,
  parseMoneyInput,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  packageLine,
  paths,
  plainAmount,
  REFUND_METHOD_LABELS,
  refundableMinor,
  type AdminPaymentDetail,
  type RefundRecord,
} from '@consult/shared';
import { BookingReference } from '../../components/booking-reference';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { LoadError, Skeleton } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DetailList } from '../../components/ui/detail-list';
import { Pill } from '../../components/ui/pill';
import { TextAreaField, TextField } from '../../components/ui/field';
import { fieldErrors } from '../../lib/problem';
import { useNow } from '../../hooks/use-now';
import { ConfirmRefundSentDialog, MarkPaidDialog, VoidPaymentDialog } from './money-moved-dialogs';
import { formatTaxRate, owedRefundMinor, refundStatusLabel } from './payment-format';
import { formatInstant } from '../../lib/date-time';
import { PaymentProblemAlert } from './payment-problem-alert';
import { ReceiptNumber } from './receipt-number';
import { useGetAdminPaymentQuery, useRefundPaymentMutation } from './payments-api';

/** One payment in full: its booking, client, refunds and receipt, with the owner's actions. */
export function AdminPaymentPanel({ id, timeZone }: { id: string; timeZone: string }) {
  // `currentData`: while another payment loads, the previous one's buttons must not stay.
  const { currentData: payment, error, isFetching, refetch } = useGetAdminPaymentQuery(id);
  if (!payment && isFetching) return <Skeleton lines={6} label="Loading the payment" />;
  if (!payment)
    return <LoadError what="this payment" error={error} onRetry={() => void refetch()} />;
  return <PaymentDetail key={payment.id} payment={payment} timeZone={timeZone} />;
}

function PaymentDetail({ payment, timeZone }: { payment: AdminPaymentDetail; timeZone: string }) {
  const [dialog, setDialog] = useState<'paid' | 'refund' | 'void' | null>(null);
  const [sending, setSending] = useState<RefundRecord | null>(null);
  const now = useNow(60_000);
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const left = refundableMinor(payment);
  const { receipt } = payment;
  const owed = owedRefundMinor(payment.provider, receipt.refunds);
  const voidable = payment.voidableUntil !== null && now < Date.parse(payment.voidableUntil);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-display text-2xl wrap-anywhere text-brand">
            {money(payment.amountMinor)} ·{' '}
            {payment.package ? packageLine(payment.package) : payment.service?.title}
          </h2>
          {payment.service && payment.bookingReference ? (
            <p className="text-sm text-muted">
              {formatInstant(payment.service.start, timeZone)} ·{' '}
              <BookingReference reference={payment.bookingReference} className="text-ink" />
            </p>
          ) : (
            <p className="text-sm text-muted">Package purchase</p>
          )}
        </div>
        <PaymentStatusBadge status={payment.status} />
      </div>
      <DetailList
        rows={[
          [
            'Client',
            <Link
              key="client"
              to={`${paths.admin.users}?user=${payment.client.id}`}
              className="font-semibold text-brand underline underline-offset-4"
            >
              {payment.client.name}
            </Link>,
          ],
          ['E-mail', payment.client.email],
          payment.bookingId
            ? [
                'Booking',
                <Link
                  key="booking"
                  to={`${paths.admin.bookings}?booking=${payment.bookingId}`}
                  className="font-semibold text-brand underline underline-offset-4"
                >
                  Open the booking{' '}
                  <span className="font-mono tracking-wider">{payment.bookingReference}</span>
                </Link>,
              ]
            : [
                'Credits',
                <Link
                  key="credits"
                  to={adminUserPath(payment.client.id)}
                  className="font-semibold text-brand underline underline-offset-4"
                >
                  {payment.packageRefund
                    ? `${payment.packageRefund.creditsRemaining} of ${payment.packageRefund.sessions} unused: open the client’s credits`
                    : 'Open the client’s credits'}
                </Link>,
              ],
          ['Method', PAYMENT_PROVIDER_LABELS[payment.provider]],
          ['Created', formatInstant(payment.createdAt, timeZone)],
          ['Paid', payment.paidAt ? formatInstant(payment.paidAt, timeZone) : 'Not yet'],
          ...(payment.paidMethod
            ? ([
                [
                  'Received',
                  `${PAYMENT_METHOD_LABELS[payment.paidMethod]}${payment.receivedOn ? `, ${formatDueDay(payment.receivedOn)}` : ''}`,
                ],
              ] as [string, string][])
            : []),
          [
            'Receipt',
            payment.receiptNumber ? (
              <ReceiptNumber
                key="receipt"
                number={payment.receiptNumber}
                isVoid={payment.receiptVoid}
              />
            ) : (
              'Issued once paid'
            ),
          ],
          ...(receipt.voidReason ? ([['Why void', receipt.voidReason]] as [string, string][]) : []),
          ...(receipt.voidedReceipts.length > 0
            ? ([
                [
                  'Earlier receipts',
                  receipt.voidedReceipts.map((r) => `${r.number} (void)`).join(', '),
                ],
              ] as [string, string][])
            : []),
          ...(receipt.taxRateBasisPoints > 0
            ? ([
                [
                  'Tax included',
                  `${money(receipt.taxMinor)} (${formatTaxRate(receipt.taxRateBasisPoints)})`,
                ],
              ] as [string, string][])
            : []),
          ['Refunded', money(payment.refundedMinor)],
          ...(owed > 0
            ? ([['Refund owed', `${money(owed)}, to send to the client and confirm below`]] as [
                string,
                string,
              ][])
            : []),
          ...(payment.refundPendingMinor - owed > 0
            ? ([
                [
                  'Refund pending',
                  `${money(payment.refundPendingMinor - owed)}, asked of Stripe and not confirmed yet`,
                ],
              ] as [string, string][])
            : []),
          ...(payment.note ? ([['Note', payment.note]] as [string, string][]) : []),
          ...(payment.providerReference
            ? ([['Provider reference', payment.providerReference]] as [string, string][])
            : []),
        ]}
      />
      {receipt.refunds.length > 0 && (
        <section>
          <h3 className="text-base font-semibold text-ink">Refunds</h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-ink">
            {receipt.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 wrap-anywhere">
                  {money(refund.amountMinor)} on {formatInstant(refund.at, timeZone)}
                  {refund.reason ? ` · ${refund.reason}` : ''}
                  {refund.sent
                    ? ` · sent by ${REFUND_METHOD_LABELS[refund.sent.method].toLowerCase()}, ${formatDueDay(refund.sent.on)}`
                    : ''}
                  {payment.refundNotes[String(refund.id)]
                    ? ` · ${payment.refundNotes[String(refund.id)]}`
                    : ''}
                </span>
                {(refund.status !== 'succeeded' || refund.owed) && (
                  <Pill
                    tone={
                      refund.owed
                        ? refundTones.owed
                        : refundTones[refund.status as 'pending' | 'failed']
                    }
                  >
                    {refundStatusLabel(refund)}
                  </Pill>
                )}
                {refund.owed && (
                  <Button variant="secondary" onClick={() => setSending(refund)}>
                    Confirm sent
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap gap-3">
        {payment.status === 'pending' && payment.kind === 'booking' && (
          <Button onClick={() => setDialog('paid')}>Mark paid</Button>
        )}
        {left > 0 && (
          <Button variant="secondary" onClick={() => setDialog('refund')}>
            Refund
          </Button>
        )}
        {voidable && (
          <Button variant="secondary" onClick={() => setDialog('void')}>
            Void
          </Button>
        )}
      </div>
      {payment.status === 'pending' && payment.kind === 'package' && (
        <p className="text-sm text-muted">
          A package purchase is marked paid from{' '}
          <Link
            to={adminUserPath(payment.client.id)}
            className="font-semibold text-brand underline underline-offset-4"
          >
            the client’s record
          </Link>
          , where its credits are given.
        </p>
      )}
      {voidable && (
        <p className="text-sm text-muted">
          Marked paid by mistake? You can void it until{' '}
          {formatInstant(payment.voidableUntil!, timeZone)}.
        </p>
      )}
      <MarkPaidDialog
        payment={payment}
        open={dialog === 'paid'}
        onClose={() => setDialog(null)}
        timeZone={timeZone}
      />
      <VoidPaymentDialog
        payment={payment}
        open={dialog === 'void'}
        onClose={() => setDialog(null)}
      />
      <ConfirmRefundSentDialog
        payment={payment}
        refund={sending}
        onClose={() => setSending(null)}
        timeZone={timeZone}
      />
      <RefundDialog payment={payment} open={dialog === 'refund'} onClose={() => setDialog(null)} />
    </div>
  );
}

/** A refund still waiting (for Stripe, or owed by hand) stands out; a failed one reads as a warning. */
const refundTones: Record<'pending' | 'failed' | 'owed', string> = {
  pending: 'bg-accent-soft text-ink',
  owed: 'bg-accent-soft text-ink',
  failed: 'bg-danger-soft text-danger',
};

function RefundDialog({
  payment,
  open,
  onClose,
}: {
  payment: AdminPaymentDetail;
  open: boolean;
  onClose: () => void;
}) {
  const left = refundableMinor(payment);
  const major = (minor: number) => formatMoney(minor, payment.currency);
  // A package suggests its unused credits' share (decision 064); the owner may give up to `left`.
  const suggested = payment.packageRefund ? payment.packageRefund.suggestedMinor : left;
  const [amount, setAmount] = useState(() =>
    suggested > 0 ? plainAmount(suggested, payment.currency) : '',
  );
  const [reason, setReason] = useState('');
  const [refund, { isLoading, error, reset }] = useRefundPaymentMutation();
  const parsed = parseMoneyInput(amount, payment.currency);
  const amountError =
    parsed === null
      ? moneyInputMessage(payment.currency)
      : parsed <= 0
        ? PAYMENT_MESSAGES.refundAmountInvalid
        : parsed > left
          ? PAYMENT_MESSAGES.refundTooLarge(major(left))
          : undefined;
  const [touched, setTouched] = useState(false);
  const errors = fieldErrors(error);
  const close = () => {
    reset();
    setTouched(false);
    onClose();
  };
  const confirm = async () => {
    setTouched(true);
    if (amountError || parsed === null) return;
    const result = await refund({ id: payment.id, amountMinor: parsed, reason: reason || null });
    if ('data' in result && result.data) {
      toast.success(
        payment.provider === 'manual'
          ? `Refund of ${major(parsed)} recorded as owed; ${payment.client.name} was told it will be sent.`
          : result.data.refundPendingMinor > payment.refundPendingMinor
            ? `Refund of ${major(parsed)} sent to Stripe; it counts as refunded once Stripe confirms it.`
            : `Refund of ${major(parsed)} recorded; ${payment.client.name} was told by mail.`,
      );
      close();
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title="Refund"
      confirmLabel={parsed && !amountError ? `Refund ${major(parsed)}` : 'Refund'}
      busyLabel="Refunding..."
      busy={isLoading}
      tone="danger"
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p>
          {parsed && !amountError
            ? `Refund ${major(parsed)} of ${major(payment.amountMinor)} to ${payment.client.name}.`
            : `Up to ${major(left)} of ${major(payment.amountMinor)} can go back to ${payment.client.name}.`}{' '}
          {payment.refundPendingMinor > 0 &&
            (payment.provider === 'manual'
              ? `${major(payment.refundPendingMinor)} already owed is not counted in it. `
              : `${major(payment.refundPendingMinor)} already asked of Stripe is not counted in it. `)}
          {payment.provider === 'manual' &&
            'You send it back yourself (bank transfer, cash…): this records it as owed and tells the client it will be sent. Confirm it here once you have sent it.'}
        </p>
        {payment.packageRefund && (
          <p>
            {payment.packageRefund.explanation}. Unused credits are withdrawn first, as many as the
            refunded share of the price covers; refunding everything makes the purchase refunded.
          </p>
        )}
        {error && !errors.amountMinor && !errors.reason && <PaymentProblemAlert error={error} />}
        <TextField
          label={`Amount (${payment.currency})`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => setTouched(true)}
          error={(touched && amountError) || errors.amountMinor}
        />
        <TextAreaField
          label="Reason (optional)"
          hint="The client sees it in the mail."
          error={errors.reason}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
