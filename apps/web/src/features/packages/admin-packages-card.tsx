/**
 * The owner's packages of sessions (issue 24), on /admin/config's Packages tab: the list with each
 * one's terms and sales, a button to retire one (no longer sold; credits bought stay valid) or put
 * it on sale again, and the form that adds a package. Every change is audited by the server.
 */
import { useState, type FormEvent } from 'react';
import {
  currencyChoices,
  formatMoney,
  moneyInputMessage,
  PACKAGE_MESSAGES,
  PACKAGE_SESSIONS_MAX,
  PACKAGE_TITLE_MAX,
  parseMoneyInput,
  sameAmountIn,
  type AdminPackage,
} from '@consult/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CheckboxField, TextAreaField, TextField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { Pill } from '../../components/ui/pill';
import { LoadError, Skeleton } from '../../components/query-state';
import { errorMessage, fieldErrors } from '../../lib/problem';
import {
  useCreatePackageMutation,
  useGetAdminPackagesQuery,
  useGetPackageChoicesQuery,
  useUpdatePackageMutation,
} from './packages-api';
import { sessionsText, validityText } from './package-words';

export function AdminPackagesCard() {
  const { data, isLoading, error, refetch } = useGetAdminPackagesQuery();
  const siteCurrency = useGetPackageChoicesQuery().data?.currency;
  return (
    <div className="flex flex-col gap-6">
      <Card
        title="Packages of sessions"
        description="Blocks of sessions clients buy in advance and book with credits. A retired package is no longer sold; credits already bought stay valid."
      >
        {isLoading ? (
          <Skeleton label="Loading packages" />
        ) : !data ? (
          <LoadError what="packages" error={error} onRetry={() => void refetch()} />
        ) : data.packages.length === 0 ? (
          <p className="text-base text-muted">No package yet: add the first one below.</p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Packages">
            {data.packages.map((offer) => (
              <PackageRow key={offer.id} offer={offer} siteCurrency={siteCurrency} />
            ))}
          </ul>
        )}
      </Card>
      <NewPackageForm />
    </div>
  );
}

/**
 * A package charged in a currency of its own other than the site's shows it, with the way back:
 * "Charge in GBP" moves it to the site's currency keeping its number, as a change of the site's
 * currency would (decision 037).
 */
function PackageRow({
  offer,
  siteCurrency,
}: {
  offer: AdminPackage;
  siteCurrency: string | undefined;
}) {
  const [update, { isLoading, error }] = useUpdatePackageMutation();
  const moveTo =
    siteCurrency !== undefined && offer.currency !== siteCurrency ? siteCurrency : null;
  const movedPrice =
    moveTo === null ? null : sameAmountIn(offer.priceMinor, offer.currency, moveTo);
  return (
    <li className="flex flex-wrap items-start gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">
          {offer.title}{' '}
          <Pill tone={offer.active ? 'bg-success-soft text-success' : 'bg-line text-muted'}>
            {offer.active ? 'On sale' : 'Retired'}
          </Pill>{' '}
          {moveTo && (
            <Pill tone="bg-danger-soft text-danger">{`Charged in ${offer.currency}, not ${moveTo}`}</Pill>
          )}
        </p>
        <p className="mt-1 text-sm text-muted">
          {formatMoney(offer.priceMinor, offer.currency)} · {sessionsText(offer.sessions)} ·{' '}
          {validityText(offer.validityDays)} · {offer.services.join(', ')} · {offer.purchases}{' '}
          {offer.purchases === 1 ? 'purchase' : 'purchases'}
        </p>
        {error && (
          <div className="mt-2">
            <Alert tone="error">{errorMessage(error)}</Alert>
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {moveTo && movedPrice !== null && (
          <Button
            variant="secondary"
            disabled={isLoading}
            onClick={() => void update({ id: offer.id, currency: moveTo, priceMinor: movedPrice })}
            aria-label={`Charge ${offer.title} in ${moveTo}: ${formatMoney(movedPrice, moveTo)}`}
          >
            {`Charge in ${moveTo} (${formatMoney(movedPrice, moveTo)})`}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={isLoading}
          onClick={() => void update({ id: offer.id, active: !offer.active })}
          aria-label={`${offer.active ? 'Retire' : 'Put on sale'} ${offer.title}`}
        >
          {offer.active ? 'Retire' : 'Put on sale'}
        </Button>
      </div>
    </li>
  );
}

const EMPTY = { title: '', description: '', sessions: '5', price: '', validity: '' };

function NewPackageForm() {
  const choices = useGetPackageChoicesQuery();
  const [create, { isLoading, error, reset }] = useCreatePackageMutation();
  const [fields, setFields] = useState(EMPTY);
  const [services, setServices] = useState<string[]>([]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [own, setOwn] = useState<{ on: boolean; currency: string } | null>(null);
  const siteCurrency = choices.data?.currency ?? 'USD';
  // Unticked, the package follows the site's currency and moves with it (decision 037).
  const currency = own?.on ? own.currency : siteCurrency;
  const errors = { ...fieldErrors(error), ...local };

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    reset();
    const priceMinor = parseMoneyInput(fields.price, currency);
    const sessions = Number(fields.sessions);
    const validityDays = fields.validity.trim() === '' ? null : Number(fields.validity);
    const problems: Record<string, string> = {};
    if (priceMinor === null) problems.priceMinor = moneyInputMessage(currency);
    if (services.length === 0) problems.services = PACKAGE_MESSAGES.servicesRequired;
    setLocal(problems);
    if (Object.keys(problems).length > 0 || priceMinor === null) return;
    const made = await create({
      title: fields.title,
      description: fields.description,
      services,
      sessions,
      priceMinor,
      currency,
      validityDays,
    })
      .unwrap()
      .catch(() => null);
    if (made) {
      setFields(EMPTY);
      setServices([]);
      setOwn(null);
      setSaved(made.title);
    }
  }

  return (
    <Card
      title="Add a package"
      description={`Priced in ${siteCurrency}, the site's currency, unless you choose another below; it follows the site's currency when that changes.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Title"
          value={fields.title}
          onChange={(event) => set('title')(event.target.value)}
          maxLength={PACKAGE_TITLE_MAX}
          error={errors.title}
          required
        />
        <TextAreaField
          label="Description"
          value={fields.description}
          onChange={(event) => set('description')(event.target.value)}
          error={errors.description}
          rows={3}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-ink">Services it covers</legend>
          {choices.isLoading && <Skeleton lines={2} label="Loading services" />}
          {choices.data?.services.map((service) => (
            <CheckboxField
              key={service.slug}
              label={service.title}
              checked={services.includes(service.slug)}
              onChange={(event) =>
                setServices((current) =>
                  event.target.checked
                    ? [...current, service.slug]
                    : current.filter((slug) => slug !== service.slug),
                )
              }
            />
          ))}
          {errors.services && (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.services}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Sessions"
            inputMode="numeric"
            value={fields.sessions}
            onChange={(event) => set('sessions')(event.target.value)}
            hint={`1 to ${PACKAGE_SESSIONS_MAX}`}
            error={errors.sessions}
          />
          <TextField
            label={`Price (${currency})`}
            inputMode="decimal"
            value={fields.price}
            onChange={(event) => set('price')(event.target.value)}
            hint="0 for a free package"
            error={errors.priceMinor}
          />
          <TextField
            label="Valid for (days)"
            inputMode="numeric"
            value={fields.validity}
            onChange={(event) => set('validity')(event.target.value)}
            hint="Empty: the credits never expire"
            error={errors.validityDays}
          />
        </div>
        <CheckboxField
          label="Charge this package in another currency"
          hint={`It then stays in that currency when your site’s (${siteCurrency}) changes, and shows beside prices in ${siteCurrency}.`}
          checked={own?.on ?? false}
          onChange={(event) =>
            setOwn({ on: event.target.checked, currency: own?.currency ?? siteCurrency })
          }
        />
        {own?.on && (
          <div className="min-w-0 sm:w-96">
            <SelectField
              label="This package’s currency"
              options={currencyChoices()}
              value={own.currency}
              error={errors.currency}
              onChange={(event) => setOwn({ on: true, currency: event.target.value })}
            />
          </div>
        )}
        {error && !Object.keys(fieldErrors(error)).length && (
          <Alert tone="error">{errorMessage(error)}</Alert>
        )}
        {saved && <Alert tone="success">{`${saved} is on sale.`}</Alert>}
        <div>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Adding…' : 'Add package'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
