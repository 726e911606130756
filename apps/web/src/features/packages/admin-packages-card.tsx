/**
 * The owner's packages of sessions (issue 24), on /admin/config's Packages tab: the list with each
 * one's terms and sales, a button to change one (the add form, filled in, saying what a change does
 * to credits already bought), to retire one (no longer sold; credits bought stay valid) or put it
 * on sale again, and the form that adds a package. Every change is audited by the server.
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
  plainAmount,
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
  const [changing, setChanging] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  if (changing) {
    return (
      <li className="py-4">
        <h3 className="text-base font-semibold text-ink [overflow-wrap:anywhere]">
          Change “{offer.title}”
        </h3>
        <div className="mt-2">
          <Alert tone="info">{PACKAGE_CHANGE_TEXT(offer.purchases)}</Alert>
        </div>
        <div className="mt-4">
          <PackageForm
            currency={offer.currency}
            initial={offer}
            submitLabel="Save changes"
            busyLabel="Saving…"
            onCancel={() => setChanging(false)}
            onSaved={(changed) => {
              setChanging(false);
              setSaved(changed.title);
            }}
          />
        </div>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start gap-3 py-4">
      {/* A floor under the terms: on a narrow screen the buttons wrap below them. */}
      <div className="min-w-0 flex-1 basis-64">
        <p className="font-semibold text-ink [overflow-wrap:anywhere]">
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
        {saved && (
          <div className="mt-2">
            <Alert tone="success">{`Changes to “${saved}” saved.`}</Alert>
          </div>
        )}
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
            onClick={() => {
              setSaved(null);
              void update({ id: offer.id, currency: moveTo, priceMinor: movedPrice });
            }}
            aria-label={`Charge ${offer.title} in ${moveTo}: ${formatMoney(movedPrice, moveTo)}`}
          >
            {`Charge in ${moveTo} (${formatMoney(movedPrice, moveTo)})`}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            setSaved(null);
            setChanging(true);
          }}
          aria-label={`Change ${offer.title}`}
        >
          Change
        </Button>
        <Button
          variant="secondary"
          disabled={isLoading}
          onClick={() => {
            setSaved(null);
            void update({ id: offer.id, active: !offer.active });
          }}
          aria-label={`${offer.active ? 'Retire' : 'Put on sale'} ${offer.title}`}
        >
          {offer.active ? 'Retire' : 'Put on sale'}
        </Button>
      </div>
    </li>
  );
}

/**
 * What a change does to credits already bought, as the server does it: each purchase keeps the
 * title, sessions, price and validity it was bought with; the services covered are read from the
 * package, so they apply to unused credits too.
 */
const PACKAGE_CHANGE_TEXT = (purchases: number) =>
  `${purchases === 0 ? 'Nobody has bought this package yet. ' : `${purchases === 1 ? '1 purchase keeps' : `${purchases} purchases keep`} the title, sessions, price and validity ${purchases === 1 ? 'it was' : 'they were'} bought with; a change of those applies to purchases from now on. `}The services covered apply to everyone: credits already bought can be used for the services ticked here, and no longer for one you untick.`;

function NewPackageForm() {
  const choices = useGetPackageChoicesQuery();
  const [saved, setSaved] = useState<string | null>(null);
  const siteCurrency = choices.data?.currency ?? 'USD';
  return (
    <Card
      title="Add a package"
      description={`Priced in ${siteCurrency}, the site's currency, unless you choose another below; it follows the site's currency when that changes.`}
    >
      <PackageForm
        currency={siteCurrency}
        submitLabel="Add package"
        busyLabel="Adding…"
        onSaved={(made) => setSaved(made.title)}
        onEdit={() => setSaved(null)}
        chooseCurrency
      />
      {saved && (
        <div className="mt-4">
          <Alert tone="success">{`${saved} is on sale.`}</Alert>
        </div>
      )}
    </Card>
  );
}

const EMPTY = { title: '', description: '', sessions: '5', price: '', validity: '' };

function fieldsOf(offer: AdminPackage | undefined): typeof EMPTY {
  if (!offer) return EMPTY;
  return {
    title: offer.title,
    description: offer.description,
    sessions: String(offer.sessions),
    price: plainAmount(offer.priceMinor, offer.currency),
    validity: offer.validityDays === null ? '' : String(offer.validityDays),
  };
}

/**
 * The form of a package, to add one (POST) or change one (`initial`: PATCH of every field of the
 * form). The price is in `currency`: the site's for a new package, the package's own for a change.
 * `chooseCurrency` (a new package): the owner may charge it in another currency of its own, which
 * then stays when the site's changes; unticked, it follows the site's (decision 037).
 */
function PackageForm({
  currency: currencyFor,
  initial,
  submitLabel,
  busyLabel,
  onSaved,
  onCancel,
  onEdit,
  chooseCurrency = false,
}: {
  currency: string;
  initial?: AdminPackage;
  submitLabel: string;
  busyLabel: string;
  onSaved: (saved: AdminPackage) => void;
  onCancel?: () => void;
  onEdit?: () => void;
  chooseCurrency?: boolean;
}) {
  const choices = useGetPackageChoicesQuery();
  const [create, creating] = useCreatePackageMutation();
  const [update, updating] = useUpdatePackageMutation();
  const { isLoading, error } = initial ? updating : creating;
  const [fields, setFields] = useState(() => fieldsOf(initial));
  const [services, setServices] = useState<string[]>(initial?.services ?? []);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [own, setOwn] = useState<{ on: boolean; currency: string } | null>(null);
  const currency = own?.on ? own.currency : currencyFor;
  const errors = { ...fieldErrors(error), ...local };

  const set = (name: keyof typeof EMPTY) => (value: string) => {
    onEdit?.();
    setFields((current) => ({ ...current, [name]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    creating.reset();
    updating.reset();
    const priceMinor = parseMoneyInput(fields.price, currency);
    const sessions = Number(fields.sessions);
    const validityDays = fields.validity.trim() === '' ? null : Number(fields.validity);
    const problems: Record<string, string> = {};
    if (priceMinor === null) problems.priceMinor = moneyInputMessage(currency);
    if (services.length === 0) problems.services = PACKAGE_MESSAGES.servicesRequired;
    setLocal(problems);
    if (Object.keys(problems).length > 0 || priceMinor === null) return;
    const terms = {
      title: fields.title,
      description: fields.description,
      services,
      sessions,
      priceMinor,
      validityDays,
    };
    const done = await (
      initial ? update({ id: initial.id, ...terms }) : create({ ...terms, currency })
    )
      .unwrap()
      .catch(() => null);
    if (done) {
      if (!initial) {
        setFields(EMPTY);
        setServices([]);
        setOwn(null);
      }
      onSaved(done);
    }
  }

  // A service the package covers that is no longer offered stays listed, so it can be unticked.
  const known = choices.data?.services ?? [];
  const listed = [
    ...known.map((service) => ({ slug: service.slug, title: service.title })),
    ...services
      .filter((slug) => !known.some((service) => service.slug === slug))
      .map((slug) => ({ slug, title: slug })),
  ];

  return (
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
        {listed.map((service) => (
          <CheckboxField
            key={service.slug}
            label={service.title}
            checked={services.includes(service.slug)}
            onChange={(event) => {
              onEdit?.();
              setServices((current) =>
                event.target.checked
                  ? [...current, service.slug]
                  : current.filter((slug) => slug !== service.slug),
              );
            }}
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
      {chooseCurrency && (
        <CheckboxField
          label="Charge this package in another currency"
          hint={`It then stays in that currency when your site’s (${currencyFor}) changes, and shows beside prices in ${currencyFor}.`}
          checked={own?.on ?? false}
          onChange={(event) => {
            onEdit?.();
            setOwn({ on: event.target.checked, currency: own?.currency ?? currencyFor });
          }}
        />
      )}
      {chooseCurrency && own?.on && (
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? busyLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
