/**
 * "How to pay" in the booking flow of /consultation (issue 24): when the signed-in client has a
 * usable package credit for the chosen service, a credit (the default) or the usual payment. The
 * credit offered is the one the server spends: the first of the list, which is oldest expiry first.
 * Nothing is shown without one: the flow reads as before packages existed.
 */
import { useEffect, useId } from 'react';
import { formatPrice, type Credit } from '@consult/shared';
import { useAuth } from '../../hooks/use-auth';
import { formatPlainDate } from '../../lib/date-time';
import { useGetMyCreditsQuery } from './packages-api';

/** What the flow needs to know of the credit offered, for its summary and confirmation. */
export type OfferedCredit = Pick<Credit, 'purchaseId' | 'packageTitle' | 'remaining' | 'expiresAt'>;

export interface CreditChoiceValue {
  credit: OfferedCredit | null;
  useCredit: boolean;
}

export function CreditChoice({
  service,
  timeZone,
  value,
  onChange,
}: {
  service: { slug: string; priceMinor: number; currency: string };
  timeZone: string;
  value: CreditChoiceValue;
  onChange: (next: Partial<CreditChoiceValue>) => void;
}) {
  const ids = useId();
  const { token } = useAuth();
  // A free service needs no credit: the server spends none on it.
  const skip = !token || service.priceMinor === 0;
  const { data } = useGetMyCreditsQuery(undefined, { skip });
  const found = skip ? undefined : data?.credits.find((c) => c.services.includes(service.slug));
  const offered: OfferedCredit | null = found
    ? {
        purchaseId: found.purchaseId,
        packageTitle: found.packageTitle,
        remaining: found.remaining,
        expiresAt: found.expiresAt,
      }
    : null;

  const shown = value.credit;
  const changedPurchase = (offered?.purchaseId ?? null) !== (shown?.purchaseId ?? null);
  const changedCount =
    !changedPurchase && offered !== null && offered.remaining !== shown?.remaining;
  useEffect(() => {
    // A credit newly offered is chosen by default; the same credit with another count keeps the
    // client's choice. Only once the list has answered: no answer yet is not "no credit".
    if (data === undefined || skip) return;
    if (changedPurchase) onChange({ credit: offered, useCredit: offered !== null });
    else if (changedCount) onChange({ credit: offered });
  });

  if (!shown) return null;
  const left = `${shown.remaining} left`;
  const expiry = shown.expiresAt ? `, expires ${formatPlainDate(shown.expiresAt, timeZone)}` : '';
  const options = [
    {
      id: 'credit',
      checked: value.useCredit,
      label: `Use 1 credit from ${shown.packageTitle}`,
      hint: `${left}${expiry}`,
      choose: () => onChange({ useCredit: true }),
    },
    {
      id: 'pay',
      checked: !value.useCredit,
      label: `Pay as usual (${formatPrice(service)})`,
      hint: 'Your credits stay for another session.',
      choose: () => onChange({ useCredit: false }),
    },
  ];
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-ink">How to pay</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.id}
            className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-accent ${
              option.checked
                ? 'border-brand bg-brand-soft'
                : 'border-line bg-surface hover:border-brand/50'
            }`}
          >
            <input
              type="radio"
              name="pay-with"
              value={option.id}
              checked={option.checked}
              onChange={option.choose}
              aria-labelledby={`${ids}-${option.id}`}
              aria-describedby={`${ids}-${option.id}-hint`}
              className="mt-1 size-4 accent-brand"
            />
            <span className="flex flex-col">
              <span id={`${ids}-${option.id}`} className="font-semibold text-ink">
                {option.label}
              </span>
              <span id={`${ids}-${option.id}-hint`} className="text-sm text-muted">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
