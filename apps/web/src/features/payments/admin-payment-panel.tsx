import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  formatMoney,
  parseMoneyInput,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDER_LABELS,
  paths,
  plainAmount,
  refundableMinor,
  type AdminPaymentDetail,
} from '@consult/shared';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DetailList } from '../../components/ui/detail-list';
import { Pill } from '../../components/ui/pill';
import { TextAreaField, TextField } from '../../components/ui/field';
import { errorMessage, fieldErrors } from '../../lib/problem';
import { formatPaymentDate, formatTaxRate, REFUND_STATUS_LABELS } from './payment-format';
import {
  useGetAdminPaymentQuery,
  useMarkPaymentPaidMutation,
  useRefundPaymentMutation,
} from './payments-api';

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
  const [dialog, setDialog] = useState<'paid' | 'refund' | null>(null);
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const left = refundableMinor(payment);
  const { receipt } = payment;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-display text-2xl wrap-anywhere text-brand">
            {money(payment.amountMinor)} · {payment.service.title}
          </h2>
          <p className="text-sm text-muted">{formatPaymentDate(payment.service.start, timeZone)}</p>
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
          [
            'Booking',
            <Link
              key="booking"
              to={`${paths.admin.bookings}?booking=${payment.bookingId}`}
              className="font-semibold text-brand underline underline-offset-4"
            >
              Open the booking
            </Link>,
          ],
          ['Method', PAYMENT_PROVIDER_LABELS[payment.provider]],
          ['Created', formatPaymentDate(payment.createdAt, timeZone)],
          ['Paid', payment.paidAt ? formatPaymentDate(payment.paidAt, timeZone) : 'Not yet'],
          ['Receipt', payment.receiptNumber ?? 'Issued once paid'],
          ...(receipt.taxRateBasisPoints > 0
            ? ([
                [
                  'Tax included',
                  `${money(receipt.taxMinor)} (${formatTaxRate(receipt.taxRateBasisPoints)})`,
                ],
              ] as [string, string][])
            : []),
          ['Refunded', money(payment.refundedMinor)],
          ...(payment.refundPendingMinor > 0
            ? ([
                [
                  'Refund pending',
                  `${money(payment.refundPendingMinor)}, asked of Stripe and not confirmed yet`,
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
              <li key={refund.at} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span>
                  {money(refund.amountMinor)} on {formatPaymentDate(refund.at, timeZone)}
                  {refund.reason ? ` · ${refund.reason}` : ''}
                </span>
                {refund.status !== 'succeeded' && (
                  <Pill tone={refundTones[refund.status]}>
                    {REFUND_STATUS_LABELS[refund.status]}
                  </Pill>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap gap-3">
        {payment.status === 'pending' && (
          <Button onClick={() => setDialog('paid')}>Mark paid</Button>
        )}
        {left > 0 && (
          <Button variant="secondary" onClick={() => setDialog('refund')}>
            Refund
          </Button>
        )}
      </div>
      <MarkPaidDialog payment={payment} open={dialog === 'paid'} onClose={() => setDialog(null)} />
      <RefundDialog payment={payment} open={dialog === 'refund'} onClose={() => setDialog(null)} />
    </div>
  );
}

/** A refund still waiting for Stripe stands out; a failed one reads as a warning. */
const refundTones: Record<'pending' | 'failed', string> = {
  pending: 'bg-accent-soft text-ink',
  failed: 'bg-danger-soft text-danger',
};

function MarkPaidDialog({
  payment,
  open,
  onClose,
}: {
  payment: AdminPaymentDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [markPaid, { isLoading, error, reset }] = useMarkPaymentPaidMutation();
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    const result = await markPaid({ id: payment.id, note: note || null });
    if ('data' in result) {
      toast.success(`Payment recorded. Receipt ${result.data?.receiptNumber} was mailed.`);
      close();
    }
  };
  const errors = fieldErrors(error);
  return (
    <ConfirmDialog
      open={open}
      title="Mark as paid"
      confirmLabel="Mark paid"
      busyLabel="Saving..."
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p>
          Record that {payment.client.name} paid{' '}
          <strong>{formatMoney(payment.amountMinor, payment.currency)}</strong>. The receipt gets
          the next number and is mailed to them.
        </p>
        {error && !errors.note && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextAreaField
          label="Note (optional)"
          hint="For example how and when it was paid."
          error={errors.note}
          rows={3}
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

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
  const [amount, setAmount] = useState(() => plainAmount(left, payment.currency));
  const [reason, setReason] = useState('');
  const [refund, { isLoading, error, reset }] = useRefundPaymentMutation();
  const parsed = parseMoneyInput(amount, payment.currency);
  const amountError =
    parsed === null || parsed <= 0
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
        result.data.refundPendingMinor > payment.refundPendingMinor
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
            `${major(payment.refundPendingMinor)} already asked of Stripe is not counted in it. `}
          {payment.provider === 'manual' &&
            'Pay it back yourself (bank transfer or cash); this records it and tells the client.'}
        </p>
        {error && !errors.amountMinor && !errors.reason && (
          <Alert tone="error">{errorMessage(error)}</Alert>
        )}
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
