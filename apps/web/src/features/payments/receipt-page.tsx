import { Link } from 'react-router';
import {
  formatDueDay,
  formatMoney,
  packageLine,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  paths,
  receiptLines,
  REFUND_METHOD_LABELS,
  type PaymentDetail,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorStatus } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatTaxRate, REFUND_STATUS_LABELS, refundsOnReceipt } from './payment-format';
import { formatInstant } from '../../lib/date-time';
import { useGetMyPaymentQuery } from './payments-api';

/**
 * /dash/payments/:id/receipt: the receipt as one clean printable page. On screen it has a way back
 * and a Print button; printed, only the receipt remains.
 */
export function ReceiptPage({ id, timeZone }: { id: string; timeZone: string }) {
  const { data, error, isLoading, refetch } = useGetMyPaymentQuery(id);
  useDocumentTitle(data?.receiptNumber ? `Receipt ${data.receiptNumber}` : 'Receipt');
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={paths.payments}
          className="font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
        >
          ← Your payments
        </Link>
        {data?.receiptNumber && <Button onClick={() => window.print()}>Print</Button>}
      </div>
      {isLoading ? (
        <Skeleton lines={8} label="Loading the receipt" />
      ) : !data ? (
        errorStatus(error) === 404 ? (
          <Alert tone="error" title="Receipt not found">
            This receipt does not exist, or it belongs to another account.
          </Alert>
        ) : (
          <LoadError what="the receipt" error={error} onRetry={() => void refetch()} />
        )
      ) : !data.receiptNumber ? (
        <Alert tone="info" title="No receipt yet">
          A receipt is issued once the payment of {formatMoney(data.amountMinor, data.currency)} is
          received.
        </Alert>
      ) : (
        <Receipt payment={data} timeZone={timeZone} />
      )}
    </main>
  );
}

function Receipt({ payment, timeZone }: { payment: PaymentDetail; timeZone: string }) {
  const { receipt } = payment;
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const taxed = receipt.taxRateBasisPoints > 0;
  const refunds = refundsOnReceipt(receipt.refunds);
  const sender = receipt.business.name || 'the business';
  // The price before a discount code and the code's line (issue 24): the shared rule of the lines.
  const lines = receiptLines(payment.amountMinor, receipt.discount);
  const priceLine = lines.find((line) => line.kind === 'price');
  const discountLine = lines.find((line) => line.kind === 'discount');
  return (
    <article className="rounded-2xl border border-line bg-surface p-6 text-ink shadow-sm sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none">
      <header className="flex flex-col gap-6 border-b border-line pb-6 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          {receipt.business.name && (
            <p className="font-display text-2xl text-brand">{receipt.business.name}</p>
          )}
          {receipt.business.address && (
            <p className="mt-1 text-sm whitespace-pre-line text-muted">
              {receipt.business.address}
            </p>
          )}
          {receipt.business.taxId && (
            <p className="mt-1 text-sm text-muted">Tax id: {receipt.business.taxId}</p>
          )}
        </div>
        <div className="sm:text-right">
          <h1 className="text-2xl font-semibold">{receipt.void ? 'Receipt: VOID' : 'Receipt'}</h1>
          <p className={`mt-1 text-base tabular-nums ${receipt.void ? 'line-through' : ''}`}>
            No. {payment.receiptNumber}
          </p>
          {payment.bookingReference && (
            <p className="text-sm">
              Booking reference{' '}
              <span className="font-mono font-semibold tracking-wider">
                {payment.bookingReference}
              </span>
            </p>
          )}
          {payment.paidAt && (
            <p className="text-sm text-muted">Paid {formatInstant(payment.paidAt, timeZone)}</p>
          )}
        </div>
      </header>

      {receipt.void && (
        <div className="mt-6">
          <Alert tone="error" title={`VOID: receipt ${payment.receiptNumber} is void`}>
            It was issued by mistake
            {receipt.voidedAt ? ` and voided ${formatInstant(receipt.voidedAt, timeZone)}` : ''}
            {receipt.voidReason ? ` (${receipt.voidReason})` : ''}. It is not proof of payment, and
            its number is never given again. The payment of {money(payment.amountMinor)} is due.
          </Alert>
        </div>
      )}
      {receipt.voidedReceipts.length > 0 && (
        <p className="mt-4 text-sm text-muted">
          Replaces void receipt{receipt.voidedReceipts.length > 1 ? 's' : ''}{' '}
          {receipt.voidedReceipts.map((voided) => voided.number).join(', ')}.
        </p>
      )}

      <section className="grid gap-6 border-b border-line py-6 sm:grid-cols-2">
        <div>
          <h2 className="text-sm font-semibold text-muted">Received from</h2>
          <p className="mt-1 wrap-anywhere">{receipt.client.name}</p>
          <p className="text-sm break-all text-muted">{receipt.client.email}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-muted">Method</h2>
          <p className="mt-1">
            {payment.paidMethod
              ? PAYMENT_METHOD_LABELS[payment.paidMethod]
              : PAYMENT_PROVIDER_LABELS[payment.provider]}
          </p>
          {payment.receivedOn && (
            <p className="text-sm text-muted">Received {formatDueDay(payment.receivedOn)}</p>
          )}
        </div>
      </section>

      <table className="my-6 w-full text-left">
        <caption className="sr-only">What was paid for</caption>
        <thead>
          <tr className="border-b border-line text-sm text-muted">
            <th scope="col" className="pb-2 font-semibold">
              {receipt.package ? 'Package' : 'Service'}
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="align-top">
            <td className="py-3 pr-4">
              {receipt.package ? (
                <>
                  <p className="wrap-anywhere">{packageLine(receipt.package)}</p>
                  <p className="text-sm text-muted">
                    A package of {receipt.package.sessions}{' '}
                    {receipt.package.sessions === 1 ? 'session' : 'sessions'}
                  </p>
                </>
              ) : (
                receipt.service && (
                  <>
                    <p className="wrap-anywhere">{receipt.service.title}</p>
                    <p className="text-sm text-muted">
                      {formatInstant(receipt.service.start, timeZone)} ·{' '}
                      {receipt.service.durationMinutes} min
                    </p>
                  </>
                )
              )}
            </td>
            <td className="py-3 text-right tabular-nums">
              {/* With a discount code the line is the price before it; the code's line follows. */}
              {money(priceLine?.amountMinor ?? payment.amountMinor)}
            </td>
          </tr>
          {discountLine && (
            <tr className="align-top">
              <td className="pr-4 pb-3">
                Discount code <span className="font-mono">{discountLine.code}</span>
              </td>
              <td className="pb-3 text-right tabular-nums">−{money(-discountLine.amountMinor)}</td>
            </tr>
          )}
        </tbody>
        <tfoot className="border-t border-line">
          {taxed && (
            <>
              <tr>
                <th scope="row" className="pt-3 text-sm font-normal text-muted">
                  Net
                </th>
                <td className="pt-3 text-right text-sm tabular-nums">{money(receipt.netMinor)}</td>
              </tr>
              <tr>
                <th scope="row" className="text-sm font-normal text-muted">
                  Tax {formatTaxRate(receipt.taxRateBasisPoints)} (included)
                </th>
                <td className="text-right text-sm tabular-nums">{money(receipt.taxMinor)}</td>
              </tr>
            </>
          )}
          <tr>
            <th scope="row" className="pt-3 font-semibold">
              {receipt.void ? 'Total (void: not paid)' : 'Total paid'}
            </th>
            <td className="pt-3 text-right font-semibold tabular-nums">
              {money(payment.amountMinor)}
            </td>
          </tr>
        </tfoot>
      </table>

      {refunds.length > 0 && (
        <section className="border-t border-line py-6">
          <h2 className="text-base font-semibold">Refunds</h2>
          <ul className="mt-2 flex flex-col gap-2">
            {refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="min-w-0 wrap-anywhere">
                  {formatInstant(refund.at, timeZone)}
                  {refund.reason ? ` · ${refund.reason}` : ''}
                  {refund.owed
                    ? ` · Refund owed: to be sent to you by ${sender}`
                    : refund.status !== 'succeeded'
                      ? ` · ${REFUND_STATUS_LABELS[refund.status]}`
                      : ''}
                  {refund.sent
                    ? ` · sent by ${REFUND_METHOD_LABELS[refund.sent.method].toLowerCase()}, ${formatDueDay(refund.sent.on)}`
                    : ''}
                </span>
                <span className="tabular-nums">
                  {refund.owed
                    ? `Refund owed ${money(refund.amountMinor)}`
                    : `−${money(refund.amountMinor)}`}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex justify-between text-sm font-semibold">
            <span>Kept after refunds</span>
            <span className="tabular-nums">
              {money(payment.amountMinor - payment.refundedMinor)}
            </span>
          </p>
        </section>
      )}

      {receipt.footer && (
        <footer className="border-t border-line pt-6 text-sm whitespace-pre-line text-muted">
          {receipt.footer}
        </footer>
      )}
    </article>
  );
}
