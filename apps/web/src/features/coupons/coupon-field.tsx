/**
 * "Have a discount code?" in the booking flow and on a package offer (issue 24): the client types
 * a code, the server checks it for the service or package (POST /api/coupons/check), and the price
 * with the discount shows before paying; a refusal says why in the shared words of its `reason`.
 * The code accepted is handed up, and sent with the booking or the purchase.
 */
import { useState, type FormEvent } from 'react';
import {
  COUPON_MESSAGES,
  COUPON_REFUSAL_MESSAGES,
  COUPON_TYPED_CODE_MAX,
  normalizeCouponCode,
  type CouponRefusalReason,
} from '@consult/shared';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorMessage } from '../../lib/problem';
import { useCheckCouponMutation } from './coupons-api';
import { discountText, type AppliedCoupon } from './coupon-words';

export function CouponField({
  target,
  what,
  value,
  onChange,
}: {
  target: { service: string } | { package: string };
  /** What the price is of, in the sentence of a code that makes it free. */
  what: 'session' | 'package';
  value: AppliedCoupon | null;
  onChange: (next: AppliedCoupon | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<CouponRefusalReason | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [check, { isLoading, error, reset }] = useCheckCouponMutation();

  if (value) {
    // Laid out by the room it has, not the screen's: a package card is narrow on any screen.
    return (
      <div className="@container">
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-success/30 bg-success-soft p-4 text-ink @md:flex-row @md:items-center @md:justify-between"
        >
          <p className="text-base">
            <strong className="font-mono wrap-anywhere">{value.code}</strong> applied:{' '}
            {discountText(value, what)}
          </p>
          <Button
            variant="secondary"
            className="shrink-0 self-start @md:self-auto"
            onClick={() => onChange(null)}
          >
            Remove code
          </Button>
        </div>
      </div>
    );
  }

  if (!open) {
    return (
      <div>
        <Button variant="ghost" aria-expanded={false} onClick={() => setOpen(true)}>
          Have a discount code?
        </Button>
      </div>
    );
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    reset();
    setRefusal(null);
    const wanted = code.trim();
    if (wanted === '') {
      setTyped(COUPON_MESSAGES.typedCodeRequired);
      return;
    }
    setTyped(null);
    const answer = await check({ code: wanted, ...target })
      .unwrap()
      .catch(() => null);
    if (!answer) return;
    if (answer.valid) {
      onChange({
        code: normalizeCouponCode(wanted),
        discountMinor: answer.discountMinor,
        totalMinor: answer.totalMinor,
        currency: answer.currency,
      });
    } else {
      setRefusal(answer.reason ?? 'unknown');
    }
  }

  const message =
    typed ?? (refusal ? COUPON_REFUSAL_MESSAGES[refusal] : error ? errorMessage(error) : undefined);
  return (
    <form onSubmit={apply} noValidate className="@container">
      <div className="flex flex-col gap-3 @md:flex-row @md:items-start">
        <div className="@md:w-72">
          <TextField
            label="Discount code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => {
              setCode(event.target.value.slice(0, COUPON_TYPED_CODE_MAX));
              setRefusal(null);
              setTyped(null);
            }}
            error={message}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          className="self-start @md:mt-7"
          disabled={isLoading}
        >
          {isLoading ? 'Checking…' : 'Apply'}
        </Button>
      </div>
    </form>
  );
}
