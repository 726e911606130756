/**
 * The owner's discount codes (issue 24), on /admin/config's "Discount codes" tab: each code with its
 * discount, what it applies to, its dates and limits and how often it was used; edit it, deactivate
 * or reactivate it, read its redemptions; and the form that adds a code. The server audits every
 * change.
 */
import { useState } from 'react';
import { type AdminCoupon } from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Pill } from '../../components/ui/pill';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatMediumDay } from '../../lib/date-time';
import { errorMessage } from '../../lib/problem';
import { CouponForm } from './coupon-form';
import { CouponUses } from './coupon-uses';
import { couponValueText, lacksAmountIn } from './coupon-words';
import {
  useGetAdminCouponsQuery,
  useGetCouponChoicesQuery,
  useUpdateCouponMutation,
} from './coupons-api';

export function AdminCouponsCard() {
  const { data, isLoading, error, refetch } = useGetAdminCouponsQuery();
  return (
    <div className="flex flex-col gap-6">
      <Card
        title="Discount codes"
        description="Codes clients enter when they book or buy a package. An inactive code is refused; its past uses stay on record."
      >
        {isLoading ? (
          <Skeleton label="Loading discount codes" />
        ) : !data ? (
          <LoadError what="discount codes" error={error} onRetry={() => void refetch()} />
        ) : data.coupons.length === 0 ? (
          <p className="text-base text-muted">No discount code yet: add the first one below.</p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Discount codes">
            {data.coupons.map((coupon) => (
              <CouponRow key={coupon.id} coupon={coupon} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Add a discount code">
        <CouponForm />
      </Card>
    </div>
  );
}

function CouponRow({ coupon }: { coupon: AdminCoupon }) {
  const [update, { isLoading, error }] = useUpdateCouponMutation();
  const siteCurrency = useGetCouponChoicesQuery().data?.currency;
  const missing = siteCurrency !== undefined && lacksAmountIn(coupon, siteCurrency);
  const [open, setOpen] = useState<'edit' | 'uses' | null>(null);
  const toggle = (panel: 'edit' | 'uses') =>
    setOpen((current) => (current === panel ? null : panel));
  return (
    <li className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">
            <span className="font-mono tracking-wider wrap-anywhere">{coupon.code}</span>{' '}
            <Pill tone={coupon.active ? 'bg-success-soft text-success' : 'bg-line text-muted'}>
              {coupon.active ? 'Active' : 'Inactive'}
            </Pill>{' '}
            {missing && (
              <Pill tone="bg-danger-soft text-danger">{`No amount in ${siteCurrency}`}</Pill>
            )}
          </p>
          <p className="mt-1 text-sm text-muted">
            {couponValueText(coupon)} · <AppliesTo coupon={coupon} /> · {validityText(coupon)}
          </p>
          <p className="mt-1 text-sm text-muted">
            {limitsText(coupon)} · {usesText(coupon)}
          </p>
          {missing && (
            <p className="mt-1 text-sm font-medium text-danger">
              Refused for prices in {siteCurrency}, your site’s currency: edit it to add the amount
              it takes off in {siteCurrency}.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-expanded={open === 'uses'}
            aria-label={`Redemptions of ${coupon.code}`}
            onClick={() => toggle('uses')}
          >
            Redemptions
          </Button>
          <Button
            variant="secondary"
            aria-expanded={open === 'edit'}
            aria-label={`Edit ${coupon.code}`}
            onClick={() => toggle('edit')}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            disabled={isLoading}
            aria-label={`${coupon.active ? 'Deactivate' : 'Activate'} ${coupon.code}`}
            onClick={() => void update({ id: coupon.id, active: !coupon.active })}
          >
            {coupon.active ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      </div>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      {open === 'uses' && <CouponUses coupon={coupon} />}
      {open === 'edit' && (
        <div className="rounded-xl border border-line bg-paper p-4 sm:p-5">
          <CouponForm coupon={coupon} onDone={() => setOpen(null)} />
        </div>
      )}
    </li>
  );
}

/** "all services and packages", or the titles of the ones it names. */
function AppliesTo({ coupon }: { coupon: AdminCoupon }) {
  const { data } = useGetCouponChoicesQuery();
  if (coupon.appliesTo === 'all') return <>all services and packages</>;
  const names =
    coupon.appliesTo === 'services'
      ? coupon.services.map(
          (slug) => data?.services.find((service) => service.slug === slug)?.title ?? slug,
        )
      : coupon.packages.map((id) => data?.packages.find((offer) => offer.id === id)?.title ?? id);
  return <>for {names.join(', ')}</>;
}

function validityText(coupon: AdminCoupon): string {
  const from = coupon.validFrom && formatMediumDay(coupon.validFrom);
  const to = coupon.validTo && formatMediumDay(coupon.validTo);
  if (from && to) return `valid ${from} to ${to}`;
  if (from) return `valid from ${from}`;
  if (to) return `valid until ${to}`;
  return 'no end date';
}

function limitsText(coupon: AdminCoupon): string {
  const total = coupon.totalLimit === null ? 'Unlimited uses' : `${coupon.totalLimit} uses in all`;
  const each =
    coupon.perClientLimit === null
      ? 'any number per client'
      : `${coupon.perClientLimit} per client`;
  return `${total}, ${each}`;
}

function usesText(coupon: AdminCoupon): string {
  const used = `${coupon.redemptions} ${coupon.redemptions === 1 ? 'redemption' : 'redemptions'}`;
  return coupon.reserved > 0 ? `${used}, ${coupon.reserved} awaiting payment` : used;
}
