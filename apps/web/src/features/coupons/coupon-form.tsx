/**
 * A discount code's form, to add one or (given `coupon`) to edit it: the code, a percentage or a
 * fixed amount in the site's currency, what it applies to, the valid days in the owner's zone, the
 * limits and whether it is active. Checked with the shared rules before sending; the server's
 * field messages show beside their fields.
 */
import { useState, type FormEvent } from 'react';
import {
  COUPON_CODE_MAX,
  couponInputSchema,
  moneyInputMessage,
  parseMoneyInput,
  plainAmount,
  type AdminCoupon,
  type CouponAppliesTo,
  type CouponInput,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { Skeleton } from '../../components/query-state';
import { errorMessage, fieldErrors } from '../../lib/problem';
import { couponValueText, lacksAmountIn } from './coupon-words';
import {
  type CouponChoices,
  useCreateCouponMutation,
  useGetCouponChoicesQuery,
  useUpdateCouponMutation,
} from './coupons-api';

interface Fields {
  code: string;
  kind: 'percent' | 'amount';
  percent: string;
  amount: string;
  appliesTo: CouponAppliesTo;
  services: string[];
  packages: string[];
  validFrom: string;
  validTo: string;
  totalLimit: string;
  perClientLimit: string;
  active: boolean;
}

const EMPTY: Fields = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  appliesTo: 'all',
  services: [],
  packages: [],
  validFrom: '',
  validTo: '',
  totalLimit: '',
  perClientLimit: '',
  active: true,
};

const APPLIES_TO_OPTIONS = [
  { value: 'all', label: 'Every service and package' },
  { value: 'services', label: 'Some services' },
  { value: 'packages', label: 'Some packages' },
] as const;

function fieldsOf(coupon: AdminCoupon, currency: string): Fields {
  const amount = coupon.amountOff?.find((entry) => entry.currency === currency);
  return {
    code: coupon.code,
    kind: coupon.percentOff !== null ? 'percent' : 'amount',
    percent: coupon.percentOff === null ? '' : String(coupon.percentOff),
    amount: amount ? plainAmount(amount.amountMinor, currency) : '',
    appliesTo: coupon.appliesTo,
    services: coupon.services,
    packages: coupon.packages,
    validFrom: coupon.validFrom ?? '',
    validTo: coupon.validTo ?? '',
    totalLimit: coupon.totalLimit === null ? '' : String(coupon.totalLimit),
    perClientLimit: coupon.perClientLimit === null ? '' : String(coupon.perClientLimit),
    active: coupon.active,
  };
}

/** An empty box is "none"; anything else is read as a number for the shared rule to judge. */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon; onDone?: () => void }) {
  const choices = useGetCouponChoicesQuery();
  if (!choices.data) {
    return choices.isLoading ? (
      <Skeleton lines={4} label="Loading the services and packages" />
    ) : (
      <Alert tone="error">{errorMessage(choices.error)}</Alert>
    );
  }
  return <LoadedCouponForm coupon={coupon} onDone={onDone} choices={choices.data} />;
}

function LoadedCouponForm({
  coupon,
  onDone,
  choices,
}: {
  coupon: AdminCoupon | undefined;
  onDone: (() => void) | undefined;
  choices: CouponChoices;
}) {
  const { currency } = choices;
  const [create, created] = useCreateCouponMutation();
  const [update, updated] = useUpdateCouponMutation();
  const saving = coupon ? updated : created;
  const [fields, setFields] = useState<Fields>(() => (coupon ? fieldsOf(coupon, currency) : EMPTY));
  const [local, setLocal] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const server = Object.fromEntries(
    Object.entries(fieldErrors(saving.error)).map(([path, message]) => [
      path.split('.')[0],
      message,
    ]),
  );
  const errors: Record<string, string | undefined> = { ...server, ...local };

  const set = <K extends keyof Fields>(name: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setSaved(null);
  };
  const toggle = (name: 'services' | 'packages', value: string, on: boolean) =>
    set(
      name,
      on ? [...fields[name], value] : fields[name].filter((existing) => existing !== value),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    saving.reset();
    const problems: Record<string, string> = {};
    const amountMinor = fields.kind === 'amount' ? parseMoneyInput(fields.amount, currency) : null;
    if (fields.kind === 'amount' && amountMinor === null) {
      problems.amountOff = moneyInputMessage(currency);
    }
    // The amounts in other currencies an existing code has are kept as they are.
    const otherAmounts = (coupon?.amountOff ?? []).filter((entry) => entry.currency !== currency);
    const input: CouponInput = {
      code: fields.code,
      percentOff: fields.kind === 'percent' ? (optionalNumber(fields.percent) ?? NaN) : null,
      amountOff:
        fields.kind === 'amount'
          ? [...otherAmounts, { currency, amountMinor: amountMinor ?? 0 }]
          : null,
      appliesTo: fields.appliesTo,
      services: fields.appliesTo === 'services' ? fields.services : [],
      packages: fields.appliesTo === 'packages' ? fields.packages : [],
      validFrom: fields.validFrom || null,
      validTo: fields.validTo || null,
      totalLimit: optionalNumber(fields.totalLimit),
      perClientLimit: optionalNumber(fields.perClientLimit),
      active: fields.active,
    };
    const checked = couponInputSchema.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = String(issue.path[0] ?? 'code');
        problems[path] ??= issue.message;
      }
    }
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    const result = coupon ? await update({ id: coupon.id, ...input }) : await create(input);
    if ('data' in result && result.data) {
      setSaved(result.data.code);
      if (!coupon) setFields(EMPTY);
      onDone?.();
    }
  }

  const unplaced =
    saving.error && Object.keys(server).length === 0 ? errorMessage(saving.error) : null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="sm:max-w-sm">
        <TextField
          label="Code"
          value={fields.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => set('code', event.target.value)}
          hint="Letters and digits; clients may type it in any case."
          maxLength={COUPON_CODE_MAX}
          error={errors.code}
          required
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-ink">Discount</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['percent', 'A percentage'],
              ['amount', `A fixed amount (${currency})`],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className="flex min-h-11 cursor-pointer items-center gap-2 text-base">
              <input
                type="radio"
                name={`kind-${coupon?.id ?? 'new'}`}
                checked={fields.kind === kind}
                onChange={() => set('kind', kind)}
                className="size-4 accent-brand"
              />
              {label}
            </label>
          ))}
        </div>
        <div className="sm:max-w-xs">
          {fields.kind === 'percent' ? (
            <TextField
              label="Percent off"
              inputMode="numeric"
              value={fields.percent}
              onChange={(event) => set('percent', event.target.value)}
              hint="1 to 100; 100 makes it free"
              error={errors.percentOff}
            />
          ) : (
            <TextField
              label={`Amount off (${currency})`}
              inputMode="decimal"
              value={fields.amount}
              onChange={(event) => set('amount', event.target.value)}
              hint={
                coupon && lacksAmountIn(coupon, currency)
                  ? `No amount in ${currency}, your site’s currency, yet (it takes ${couponValueText(coupon)}): prices in ${currency} refuse it until you type the amount it takes off.`
                  : 'Never more than the price'
              }
              error={errors.amountOff ?? errors.percentOff}
            />
          )}
        </div>
      </fieldset>
      <SelectField
        label="Applies to"
        value={fields.appliesTo}
        options={APPLIES_TO_OPTIONS}
        onChange={(event) => set('appliesTo', event.target.value as CouponAppliesTo)}
        error={errors.appliesTo}
      />
      {fields.appliesTo === 'services' && (
        <Choices
          legend="Services it applies to"
          empty="No service yet."
          items={choices.services.map((service) => ({ value: service.slug, label: service.title }))}
          chosen={fields.services}
          onToggle={(value, on) => toggle('services', value, on)}
          error={errors.services}
        />
      )}
      {fields.appliesTo === 'packages' && (
        <Choices
          legend="Packages it applies to"
          empty="No package yet: add one on the Packages tab."
          items={choices.packages.map((offer) => ({ value: offer.id, label: offer.title }))}
          chosen={fields.packages}
          onToggle={(value, on) => toggle('packages', value, on)}
          error={errors.packages}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Valid from (optional)"
          type="date"
          value={fields.validFrom}
          onChange={(event) => set('validFrom', event.target.value)}
          hint="The first day, in your time zone"
          error={errors.validFrom}
        />
        <TextField
          label="Valid until (optional)"
          type="date"
          value={fields.validTo}
          onChange={(event) => set('validTo', event.target.value)}
          hint="The last day, included"
          error={errors.validTo}
        />
        <TextField
          label="Uses in all (optional)"
          inputMode="numeric"
          value={fields.totalLimit}
          onChange={(event) => set('totalLimit', event.target.value)}
          hint="Empty: unlimited"
          error={errors.totalLimit}
        />
        <TextField
          label="Uses per client (optional)"
          inputMode="numeric"
          value={fields.perClientLimit}
          onChange={(event) => set('perClientLimit', event.target.value)}
          hint="Empty: unlimited"
          error={errors.perClientLimit}
        />
      </div>
      <CheckboxField
        label="Active"
        hint="Clients can use an active code within its dates and limits."
        checked={fields.active}
        onChange={(event) => set('active', event.target.checked)}
      />
      {unplaced && <Alert tone="error">{unplaced}</Alert>}
      {saved && <Alert tone="success">{`${saved} is saved.`}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving.isLoading}>
          {saving.isLoading ? 'Saving…' : coupon ? `Save ${coupon.code}` : 'Add code'}
        </Button>
        {onDone && coupon && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function Choices({
  legend,
  empty,
  items,
  chosen,
  onToggle,
  error,
}: {
  legend: string;
  empty: string;
  items: { value: string; label: string }[];
  chosen: string[];
  onToggle: (value: string, on: boolean) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      {items.length === 0 && <p className="text-sm text-muted">{empty}</p>}
      {items.map((item) => (
        <CheckboxField
          key={item.value}
          label={item.label}
          checked={chosen.includes(item.value)}
          onChange={(event) => onToggle(item.value, event.target.checked)}
        />
      ))}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
