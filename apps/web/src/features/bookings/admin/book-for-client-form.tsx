/** "Book for a client": the owner picks the client, the service and a time, with optional notes. */
import { MINUTE_MS } from '@consult/shared';
import { useNow } from '../../../hooks/use-now';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  adminCreateBookingSchema,
  BOOKING_MESSAGES,
  type SchedulingSettings,
} from '@consult/shared';
import { ClientPicker, type PickedClient } from '../../../components/client-picker';
import { LoadError, Skeleton } from '../../../components/query-state';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import {
  useGetSchedulingSettingsQuery,
  useListAdminServicesQuery,
} from '../api/owner-scheduling-api';
import { errorMessage, fieldErrors } from '../../../lib/problem';
import { dateInZone, formatInstant } from '../../../lib/date-time';
import { useCreateAdminBookingMutation, useSearchClientsQuery } from '../api/admin-bookings-api';
import { useCreateAdminSeriesMutation } from '../api/series-api';
import {
  NO_REPEAT,
  SeriesRepeatFields,
  seriesConflictsOf,
  type RepeatChoice,
} from './series-repeat-fields';
import {
  chosenStart,
  initialTimeChoice,
  nearestSlotsOf,
  TimeChooser,
  type TimeChoice,
} from './time-chooser';

export function BookForClientPanel({
  onCreated,
  onClose,
}: {
  onCreated: (id: string) => void;
  onClose: () => void;
}) {
  const settings = useGetSchedulingSettingsQuery();
  const services = useListAdminServicesQuery();
  if (settings.isLoading || services.isLoading) {
    return <Skeleton lines={6} label="Loading services and hours" />;
  }
  if (!settings.data || !services.data) {
    return (
      <LoadError
        what="the services and hours"
        error={settings.error ?? services.error}
        onRetry={() => {
          void settings.refetch();
          void services.refetch();
        }}
      />
    );
  }
  return (
    <BookForClientForm
      settings={settings.data}
      services={services.data.services.filter((service) => service.active)}
      onCreated={onCreated}
      onClose={onClose}
    />
  );
}

type FormErrors = Partial<Record<'clientId' | 'service' | 'start' | 'notes', string>>;

function BookForClientForm({
  settings,
  services,
  onCreated,
  onClose,
}: {
  settings: SchedulingSettings;
  services: { slug: string; title: string; durationMinutes: number }[];
  onCreated: (id: string) => void;
  onClose: () => void;
}) {
  const timeZone = settings.rules.timeZone;
  const now = useNow(MINUTE_MS);
  const [client, setClient] = useState<PickedClient | null>(null);
  const [service, setService] = useState('');
  const [choice, setChoice] = useState<TimeChoice>(() =>
    initialTimeChoice(dateInZone(now, timeZone)),
  );
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [repeat, setRepeat] = useState<RepeatChoice>(NO_REPEAT);
  const [createOne, one] = useCreateAdminBookingMutation();
  const [createSeries, series] = useCreateAdminSeriesMutation();
  const { error, isLoading } = repeat.every ? series : one;
  const reset = () => {
    one.reset();
    series.reset();
  };
  const serverErrors = fieldErrors(error) as FormErrors;
  const shown = { ...serverErrors, ...errors };
  const onlyFieldErrors = Object.keys(serverErrors).length > 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    reset();
    const start = chosenStart(choice, timeZone);
    const missing: FormErrors = {};
    if (!client) missing.clientId = BOOKING_MESSAGES.clientRequired;
    if (!service) missing.service = BOOKING_MESSAGES.serviceRequired;
    if (!start) missing.start = BOOKING_MESSAGES.timeRequired;
    const body = {
      clientId: client?.id ?? '',
      service,
      start: start ?? '',
      notes,
      outsideHours: choice.mode === 'free' && choice.outsideHours,
    };
    const parsed = adminCreateBookingSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof FormErrors;
        missing[field] ??= issue.message;
      }
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    if (repeat.every) {
      const { outsideHours: _, ...asked } = body;
      const made = await createSeries({ ...asked, ...repeat, every: repeat.every });
      if ('error' in made) {
        const taken = seriesConflictsOf(made.error);
        if (taken) setRepeat({ ...repeat, skip: [...new Set([...repeat.skip, ...taken])] });
        return;
      }
      const sessions = made.data.series.bookings;
      toast.success(
        `Booked ${client!.name} for ${sessions.length} sessions from ${formatInstant(sessions[0]!.start, timeZone)}. The client is told by e-mail.`,
      );
      onCreated(sessions[0]!.id);
      return;
    }
    const result = await createOne(body);
    if ('error' in result) return;
    toast.success(
      `Booked ${result.data.client.name} for ${formatInstant(result.data.start, timeZone)}. The client is told by e-mail.`,
    );
    onCreated(result.data.id);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="book-for-client-title"
      className="flex flex-col gap-5"
    >
      <h2 id="book-for-client-title" className="text-xl font-semibold text-ink">
        Book for a client
      </h2>
      {error && !onlyFieldErrors && <Alert tone="error">{errorMessage(error)}</Alert>}
      <ClientPicker
        value={client}
        onChange={(next) => {
          setClient(next);
          setErrors(({ clientId: _, ...rest }) => rest);
        }}
        error={shown.clientId}
        useSearch={useSearchClientsQuery}
      />
      <SelectField
        label="Service"
        value={service}
        onChange={(event) => {
          setService(event.target.value);
          setChoice((previous) => ({ ...previous, slot: null }));
          setErrors(({ service: _, ...rest }) => rest);
          // Another series: the dates found taken were the old one's.
          setRepeat((previous) => ({ ...previous, skip: [] }));
        }}
        error={shown.service}
        options={[
          { value: '', label: 'Choose a service' },
          ...services.map((option) => ({
            value: option.slug,
            label: `${option.title} (${option.durationMinutes} min)`,
          })),
        ]}
      />
      <TimeChooser
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setErrors(({ start: _, ...rest }) => rest);
          setRepeat((previous) => ({ ...previous, skip: [] }));
          reset();
        }}
        service={service || null}
        settings={settings}
        now={now}
        error={shown.start}
        suggestions={nearestSlotsOf(error)}
      />
      <SeriesRepeatFields value={repeat} onChange={setRepeat} timeZone={timeZone} />
      <Field
        label="Notes (optional)"
        hint="What the meeting is about; the client sees them."
        error={shown.notes}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            rows={3}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Booking...' : 'Book'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={isLoading}>
          Close
        </Button>
      </div>
    </form>
  );
}
