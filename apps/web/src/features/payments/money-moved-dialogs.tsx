/**
 * The owner's dialogs for money that moved outside the site: a payment received (method, day, the
 * receipt it issues), a mistaken mark-paid voided (with why), and an owed refund sent (method, day).
 * Days are the owner's calendar days, today by default and never after it.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  calendarDayIn,
  formatMoney,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  REFUND_METHOD_LABELS,
  REFUND_METHODS,
  type AdminPaymentDetail,
  type PaymentMethod,
  type RefundMethod,
  type RefundRecord,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField, TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { errorMessage, fieldErrors } from '../../lib/problem';
import { useMailDelivered } from '../../lib/site-brand-api';
import { PaymentProblemAlert } from './payment-problem-alert';
import {
  useConfirmRefundSentMutation,
  useMarkPaymentPaidMutation,
  useVoidPaymentMutation,
} from './payments-api';

interface DialogProps {
  payment: AdminPaymentDetail;
  open: boolean;
  onClose: () => void;
  timeZone: string;
}

const paymentMethodOptions = [
  { value: '', label: 'Choose how it was paid' },
  ...PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
];
const refundMethodOptions = [
  { value: '', label: 'Choose how it was sent' },
  ...REFUND_METHODS.map((value) => ({ value, label: REFUND_METHOD_LABELS[value] })),
];

/** The method and day fields both money dialogs ask, checked before the call as the server does. */
function useMoneyMoved<M extends string>(timeZone: string, futureMessage: string) {
  const today = calendarDayIn(new Date(), timeZone);
  const [method, setMethod] = useState<M | ''>('');
  const [day, setDay] = useState(today);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const local = {
    method: method === '' ? PAYMENT_MESSAGES.paymentMethodInvalid : undefined,
    day: day === '' ? 'Enter a date' : day > today ? futureMessage : undefined,
  };
  const clear = () => {
    setMethod('');
    setDay(today);
    setNote('');
    setTouched(false);
  };
  return {
    today,
    method,
    setMethod,
    day,
    setDay,
    note,
    setNote,
    touched,
    setTouched,
    local,
    clear,
    valid: !local.method && !local.day,
  };
}

export function MarkPaidDialog({ payment, open, onClose, timeZone }: DialogProps) {
  const form = useMoneyMoved<PaymentMethod>(timeZone, PAYMENT_MESSAGES.receivedOnFuture);
  const [markPaid, { isLoading, error, reset }] = useMarkPaymentPaidMutation();
  const mailDelivered = useMailDelivered();
  const errors = fieldErrors(error);
  const close = () => {
    reset();
    form.clear();
    onClose();
  };
  const confirm = async () => {
    form.setTouched(true);
    if (!form.valid || form.method === '') return;
    const result = await markPaid({
      id: payment.id,
      method: form.method,
      receivedOn: form.day,
      note: form.note || null,
      // A number another payment takes meanwhile is refused (409) rather than silently replaced.
      receiptNumber: payment.nextReceiptNumber ?? undefined,
    });
    if ('data' in result && result.data) {
      toast.success(
        mailDelivered === false
          ? `Payment recorded. Receipt ${result.data.receiptNumber} is issued; mail is not being delivered, so its e-mail waits in the outbox (System → Outbox).`
          : `Payment recorded. Receipt ${result.data.receiptNumber} was mailed.`,
      );
      close();
    }
  };
  const receipt = payment.nextReceiptNumber
    ? `receipt ${payment.nextReceiptNumber}`
    : 'the next receipt';
  return (
    <ConfirmDialog
      open={open}
      title="Mark as paid"
      confirmLabel={payment.nextReceiptNumber ? `Issue ${payment.nextReceiptNumber}` : 'Mark paid'}
      busyLabel="Saving..."
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p>
          Record that {payment.client.name} paid{' '}
          <strong>{formatMoney(payment.amountMinor, payment.currency)}</strong>. This issues{' '}
          <strong>{receipt}</strong>{' '}
          {mailDelivered === false
            ? 'for the client; mail is not being delivered, so its e-mail waits in the outbox.'
            : 'and mails it to the client.'}
        </p>
        {payment.provider === 'stripe' && (
          <p>
            The booking waits for a card payment: its Stripe payment page is closed first, so{' '}
            {payment.client.name} cannot pay by card as well. Refunds of it are then sent back by
            you, as it came.
          </p>
        )}
        {error && !errors.method && !errors.receivedOn && !errors.note && (
          <PaymentProblemAlert error={error} />
        )}
        <SelectField
          label="How was it paid?"
          options={paymentMethodOptions}
          value={form.method}
          onChange={(event) => form.setMethod(event.target.value as PaymentMethod | '')}
          error={(form.touched && form.local.method) || errors.method}
        />
        <TextField
          label="Date received"
          type="date"
          max={form.today}
          value={form.day}
          onChange={(event) => form.setDay(event.target.value)}
          error={(form.touched && form.local.day) || errors.receivedOn}
        />
        <TextAreaField
          label="Note (optional)"
          hint="For your records, for example the transfer's reference."
          error={errors.note}
          rows={2}
          maxLength={500}
          value={form.note}
          onChange={(event) => form.setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

export function VoidPaymentDialog({ payment, open, onClose }: Omit<DialogProps, 'timeZone'>) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [voidPayment, { isLoading, error, reset }] = useVoidPaymentMutation();
  const mailDelivered = useMailDelivered();
  const errors = fieldErrors(error);
  const localError = reason.trim() === '' ? PAYMENT_MESSAGES.voidReasonRequired : undefined;
  const close = () => {
    reset();
    setReason('');
    setTouched(false);
    onClose();
  };
  const confirm = async () => {
    setTouched(true);
    if (localError) return;
    const result = await voidPayment({ id: payment.id, reason });
    if ('data' in result) {
      toast.success(`Receipt ${payment.receiptNumber} is void; the payment is due again.`);
      close();
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Void receipt ${payment.receiptNumber}?`}
      confirmLabel="Void the receipt"
      busyLabel="Voiding..."
      busy={isLoading}
      tone="danger"
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p>
          The payment of {formatMoney(payment.amountMinor, payment.currency)} becomes due again.
          Receipt {payment.receiptNumber} stays in your records marked void, and its number is never
          given again.{' '}
          {mailDelivered === false
            ? `A short correction for ${payment.client.name} waits in the outbox (mail is not being delivered).`
            : `${payment.client.name} is mailed a short correction.`}
        </p>
        {error && !errors.reason && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextAreaField
          label="Why is it void?"
          hint="Kept with the void receipt and in the audit log."
          error={(touched && localError) || errors.reason}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

export function ConfirmRefundSentDialog({
  payment,
  refund,
  onClose,
  timeZone,
}: Omit<DialogProps, 'open'> & { refund: RefundRecord | null }) {
  const form = useMoneyMoved<RefundMethod>(timeZone, PAYMENT_MESSAGES.sentOnFuture);
  const [confirmSent, { isLoading, error, reset }] = useConfirmRefundSentMutation();
  const mailDelivered = useMailDelivered();
  const errors = fieldErrors(error);
  const amount = refund ? formatMoney(refund.amountMinor, payment.currency) : '';
  const close = () => {
    reset();
    form.clear();
    onClose();
  };
  const confirm = async () => {
    form.setTouched(true);
    if (!refund || !form.valid || form.method === '') return;
    const result = await confirmSent({
      id: payment.id,
      refundId: refund.id,
      method: form.method,
      sentOn: form.day,
      note: form.note || null,
    });
    if ('data' in result) {
      toast.success(
        mailDelivered === false
          ? `Refund of ${amount} recorded as sent; mail is not being delivered, so the e-mail to ${payment.client.name} waits in the outbox.`
          : `Refund of ${amount} recorded as sent; ${payment.client.name} was mailed.`,
      );
      close();
    }
  };
  return (
    <ConfirmDialog
      open={refund !== null}
      title="Confirm the refund was sent"
      confirmLabel={`Confirm ${amount} sent`}
      busyLabel="Saving..."
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p>
          Confirm only once you have sent <strong>{amount}</strong> back to {payment.client.name}.
          It then counts as refunded
          {mailDelivered === false
            ? '; the e-mail telling the client how and when waits in the outbox (mail is not being delivered).'
            : ', and the client is mailed how and when it was sent.'}
        </p>
        {error && !errors.method && !errors.sentOn && !errors.note && (
          <Alert tone="error">{errorMessage(error)}</Alert>
        )}
        <SelectField
          label="How was it sent?"
          options={refundMethodOptions}
          value={form.method}
          onChange={(event) => form.setMethod(event.target.value as RefundMethod | '')}
          error={
            (form.touched && form.method === ''
              ? PAYMENT_MESSAGES.refundMethodInvalid
              : undefined) || errors.method
          }
        />
        <TextField
          label="Date sent"
          type="date"
          max={form.today}
          value={form.day}
          onChange={(event) => form.setDay(event.target.value)}
          error={(form.touched && form.local.day) || errors.sentOn}
        />
        <TextAreaField
          label="Note (optional)"
          hint="For your records; the client does not see it."
          error={errors.note}
          rows={2}
          maxLength={500}
          value={form.note}
          onChange={(event) => form.setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
