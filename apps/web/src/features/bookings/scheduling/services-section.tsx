/** The services card of /admin/config: list, add, edit, (de)activate and delete. */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  formatDuration,
  formatPrice,
  MEETING_MODE_LABELS,
  type ConsultationService,
} from '@consult/shared';
import { LoadError, Skeleton } from '../../../components/query-state';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  useGetSiteCurrencyPreviewQuery,
  useListAdminServicesQuery,
} from '../api/owner-scheduling-api';
import { errorMessage } from '../../../lib/problem';
import { useDeleteServiceMutation, useUpdateServiceMutation } from '../api/admin-scheduling-api';
import { kindWord, listed } from './currency-words';
import { serviceAddress, ServiceForm, toInput } from './service-form';

type Editing = { kind: 'new' } | { kind: 'edit'; service: ConsultationService } | null;

/** `siteCurrency` is undefined while it loads: nothing can be added or edited without it. */
export function ServicesSection({ siteCurrency }: { siteCurrency: string | undefined }) {
  const { data, error, isLoading, refetch } = useListAdminServicesQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ConsultationService | null>(null);

  return (
    <Card
      title="Services"
      description="What clients can book. Inactive services stay on past bookings but cannot be booked."
      actions={
        editing?.kind !== 'new' && (
          <Button
            variant="secondary"
            disabled={!siteCurrency}
            onClick={() => setEditing({ kind: 'new' })}
          >
            New service
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {data && siteCurrency && <OtherCurrenciesWarning siteCurrency={siteCurrency} />}
        {editing?.kind === 'new' && siteCurrency && (
          <ServiceForm service={null} siteCurrency={siteCurrency} onDone={() => setEditing(null)} />
        )}
        {isLoading ? (
          <Skeleton lines={4} label="Loading services" />
        ) : !data ? (
          <LoadError what="the services" error={error} onRetry={() => void refetch()} />
        ) : data.services.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-muted">
            No services yet. Add the first one so clients can book.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.services.map((service) =>
              editing?.kind === 'edit' && editing.service.id === service.id && siteCurrency ? (
                <li key={service.id}>
                  <ServiceForm
                    service={service}
                    siteCurrency={siteCurrency}
                    onDone={() => setEditing(null)}
                  />
                </li>
              ) : (
                <ServiceRow
                  key={service.id}
                  service={service}
                  onEdit={() => setEditing({ kind: 'edit', service })}
                  onDelete={() => setDeleting(service)}
                />
              ),
            )}
          </ul>
        )}
      </div>
      {deleting && <DeleteDialog service={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}

function ServiceRow({
  service,
  onEdit,
  onDelete,
}: {
  service: ConsultationService;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [update, { isLoading }] = useUpdateServiceMutation();
  const toggle = async () => {
    const result = await update({
      id: service.id,
      input: { ...toInput(service), active: !service.active },
    });
    if ('error' in result) toast.error(errorMessage(result.error));
    else toast.success(`${service.title} is ${service.active ? 'inactive' : 'active'} now.`);
  };
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line px-4 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold wrap-anywhere text-ink">{service.title}</span>
          <span
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              service.active
                ? 'bg-success-soft text-success'
                : 'border border-line bg-paper text-muted'
            }`}
          >
            {service.active ? 'Active' : 'Inactive'}
          </span>
          {service.ownCurrency && (
            <span className="inline-flex rounded-full border border-line bg-paper px-2.5 py-0.5 text-xs font-semibold text-ink">
              Charged in {service.currency}
            </span>
          )}
        </p>
        <p className="text-sm wrap-anywhere text-muted">
          {formatDuration(service.durationMinutes)} · {formatPrice(service)} ·{' '}
          {MEETING_MODE_LABELS[service.meetingMode]} · {serviceAddress(service.slug)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="min-h-10 px-3 py-1.5 text-sm" onClick={onEdit}>
          Edit<span className="sr-only"> {service.title}</span>
        </Button>
        <Button
          variant="secondary"
          className="min-h-10 px-3 py-1.5 text-sm"
          disabled={isLoading}
          onClick={() => void toggle()}
        >
          {service.active ? 'Deactivate' : 'Activate'}
          <span className="sr-only"> {service.title}</span>
        </Button>
        <Button variant="danger" className="min-h-10 px-3 py-1.5 text-sm" onClick={onDelete}>
          Delete<span className="sr-only"> {service.title}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * The owner's warning while the public pages show prices in another currency than the site's (free
 * and inactive ones show none): the services and packages charged in a currency of their own, from
 * the server's reading of both.
 */
function OtherCurrenciesWarning({ siteCurrency }: { siteCurrency: string }) {
  const { data } = useGetSiteCurrencyPreviewQuery(siteCurrency);
  if (!data || data.to !== siteCurrency || data.others.length === 0) return null;
  const { others } = data;
  const services = others.filter((other) => other.kind === 'service');
  const packages = others.filter((other) => other.kind === 'package');
  const currencies = [...new Set([siteCurrency, ...others.map((other) => other.currency)])].sort();
  return (
    <Alert
      tone="error"
      title={`Your public pages show prices in ${currencies.length} currencies: ${listed(currencies)}`}
    >
      {listed(
        others.map((other) =>
          other.kind === 'service'
            ? `${other.title} (${other.currency})`
            : `${other.title} (${kindWord(other.kind)}, ${other.currency})`,
        ),
      )}{' '}
      {others.length === 1 ? 'is' : 'are'} charged in another currency than your site’s,{' '}
      {siteCurrency}. If that is not what you want,{' '}
      {services.length > 0 &&
        `edit ${packages.length > 0 ? (services.length === 1 ? 'the service' : 'the services') : services.length === 1 ? 'it' : 'them'} and untick “Charge this service in another currency” under Advanced`}
      {services.length > 0 && packages.length > 0 && '; '}
      {packages.length > 0 &&
        `move ${packages.length === 1 ? 'the package' : 'the packages'} to ${siteCurrency} on the Packages tab`}
      .
    </Alert>
  );
}
function DeleteDialog({ service, onClose }: { service: ConsultationService; onClose: () => void }) {
  const [remove, { error, isLoading }] = useDeleteServiceMutation();
  const confirm = async () => {
    const result = await remove(service.id);
    if ('error' in result) return;
    toast.success(`${service.title} was deleted.`);
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="Delete this service?"
      confirmLabel="Delete service"
      busyLabel="Deleting..."
      busy={isLoading}
      dismissLabel="Keep it"
      tone="danger"
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        <p>
          {service.title} will be removed for good. A service that has bookings cannot be deleted;
          deactivate it instead.
        </p>
        {error && <Alert tone="error">{errorMessage(error)}</Alert>}
      </div>
    </ConfirmDialog>
  );
}
