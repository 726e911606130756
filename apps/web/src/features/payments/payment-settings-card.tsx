import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDER_LABELS,
  paymentSettingsSchema,
  type PaymentProvider,
  type PaymentSettingsView,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Pill } from '../../components/ui/pill';
import { applyFieldErrors } from '../../lib/form-errors';
import { errorMessage, readProblem } from '../../lib/problem';
import { formatTaxRate, percentToBasisPoints } from './payment-format';
import { useGetPaymentSettingsQuery, useSavePaymentSettingsMutation } from './payments-api';

/** The shared settings schema, with the tax rate typed as a percentage and the share as text. */
const formSchema = paymentSettingsSchema
  .omit({ taxRateBasisPoints: true, clientRefundPercent: true })
  .extend({
    taxRate: z.string().transform((text, context) => {
      const basisPoints = percentToBasisPoints(text || '0');
      if (basisPoints === null) {
        context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.taxRateInvalid });
        return z.NEVER;
      }
      return basisPoints;
    }),
    refundShare: z
      .string()
      .regex(/^\s*\d{1,3}\s*$/, PAYMENT_MESSAGES.refundShareInvalid)
      .transform(Number)
      .refine((share) => share <= 100, PAYMENT_MESSAGES.refundShareInvalid),
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const serverFields = [
  'provider',
  'manualInstructions',
  'businessName',
  'businessAddress',
  'taxId',
  'receiptFooter',
] as const;

/** The provider choice, in the owner's words; Stripe is offered only when the server has its keys. */
const PROVIDER_CHOICES = [
  {
    value: 'stripe',
    label: 'Card payments with Stripe',
    hint: 'Clients pay by card when they book; the time is held for them while they pay.',
  },
  {
    value: 'manual',
    label: 'Manual: bank transfer or at the session',
    hint: 'Clients see your payment instructions below; you mark each payment paid.',
  },
] as const satisfies readonly { value: PaymentProvider; label: string; hint: string }[];

/** The payments part of /admin/config: how clients pay, what they get back, what receipts say. */
export function PaymentSettingsCard() {
  const { data, error, isLoading, refetch } = useGetPaymentSettingsQuery();
  return (
    <Card
      title="Payments and receipts"
      description="How clients pay for paid sessions, what a cancellation gives back, and what receipts show."
    >
      {isLoading ? (
        <Skeleton lines={6} label="Loading the payment settings" />
      ) : !data ? (
        <LoadError what="the payment settings" error={error} onRetry={() => void refetch()} />
      ) : (
        <PaymentSettingsForm view={data} />
      )}
    </Card>
  );
}

function PaymentSettingsForm({ view }: { view: PaymentSettingsView }) {
  const [save, { error, isLoading, reset }] = useSavePaymentSettingsMutation();
  const { settings } = view;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    values: {
      provider: settings.provider,
      manualInstructions: settings.manualInstructions,
      businessName: settings.businessName,
      businessAddress: settings.businessAddress,
      taxId: settings.taxId,
      receiptFooter: settings.receiptFooter,
      taxRate: settings.taxRateBasisPoints ? String(settings.taxRateBasisPoints / 100) : '',
      refundShare: String(settings.clientRefundPercent),
    },
  });
  const onSubmit = handleSubmit(async ({ taxRate, refundShare, ...rest }) => {
    reset();
    const result = await save({
      ...rest,
      taxRateBasisPoints: taxRate,
      clientRefundPercent: refundShare,
    });
    if ('data' in result) toast.success('Your payment settings are saved.');
    else applyFieldErrors(result.error, setError, serverFields);
  });
  const problem = readProblem(error);
  const onlyFields = Object.keys(problem?.errors ?? {}).length > 0;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Alert
        tone="info"
        title={`New paid bookings: ${PAYMENT_PROVIDER_LABELS[view.activeProvider]}`}
      >
        {view.stripeConfigured
          ? 'Stripe is configured on the server; choose below whether clients pay by card.'
          : 'Card payments through Stripe are not available yet: clients pay by bank transfer or in person, as your instructions say.'}
      </Alert>
      {error && !onlyFields && <Alert tone="error">{errorMessage(error)}</Alert>}
      {view.stripeConfigured && (
        <fieldset
          aria-describedby={errors.provider ? 'payment-provider-error' : undefined}
          className="flex flex-col gap-3"
        >
          <legend className="mb-1 text-sm font-semibold text-ink">How clients pay</legend>
          {PROVIDER_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-4 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-3 has-focus-visible:outline-accent"
            >
              <input
                type="radio"
                value={choice.value}
                className="mt-1 size-5 shrink-0 accent-brand"
                {...register('provider')}
              />
              <span className="flex min-w-0 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                  {choice.label}
                  {view.activeProvider === choice.value && (
                    <Pill tone="bg-success-soft text-success">Active now</Pill>
                  )}
                </span>
                <span className="text-sm text-muted">{choice.hint}</span>
              </span>
            </label>
          ))}
          {errors.provider?.message && (
            <p id="payment-provider-error" role="alert" className="text-sm font-medium text-danger">
              {errors.provider.message}
            </p>
          )}
        </fieldset>
      )}
      <TextAreaField
        label="Payment instructions"
        hint="Bank details, or “pay at the session”. Shown to clients while a payment is due (their dashboard, the booking’s page, the confirmation screen and the booking e-mails) with the amount and the booking’s reference. Left empty, clients read that you will tell them how to pay."
        rows={4}
        error={errors.manualInstructions?.message}
        {...register('manualInstructions')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Refund when a client cancels (%)"
          inputMode="numeric"
          hint="Of what they paid, when they cancel before the cutoff."
          error={errors.refundShare?.message}
          {...register('refundShare')}
        />
        <TextField
          label="Tax rate (%)"
          inputMode="decimal"
          hint={
            settings.taxRateBasisPoints
              ? `Prices include it; receipts show net and tax (now ${formatTaxRate(settings.taxRateBasisPoints)}).`
              : 'Prices include it; leave empty for no tax line.'
          }
          error={errors.taxRate?.message}
          {...register('taxRate')}
        />
        <TextField
          label="Business name"
          autoComplete="organization"
          error={errors.businessName?.message}
          {...register('businessName')}
        />
        <TextField label="Tax id" error={errors.taxId?.message} {...register('taxId')} />
      </div>
      <TextAreaField
        label="Business address"
        rows={3}
        error={errors.businessAddress?.message}
        {...register('businessAddress')}
      />
      <TextAreaField
        label="Receipt footer"
        hint="A line at the bottom of every receipt, such as payment terms or a thank-you."
        rows={2}
        error={errors.receiptFooter?.message}
        {...register('receiptFooter')}
      />
      <Button type="submit" className="self-start" disabled={isLoading || !isDirty}>
        {isLoading ? 'Saving...' : 'Save payment settings'}
      </Button>
    </form>
  );
}
