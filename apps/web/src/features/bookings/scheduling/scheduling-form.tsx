/**
 * The scheduling settings of /admin/config in one form: booking rules, weekly hours, date overrides
 * and meeting links, checked with the shared schema before saving, with a preview of the slots the
 * unsaved draft would offer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import {
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type Path,
} from 'react-hook-form';
import { toast } from 'sonner';
import {
  BOOKING_MESSAGES,
  BOOKING_RULE_BOUNDS,
  schedulingSettingsSchema,
  WAITLIST_OFFER_MINUTES_BOUNDS,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type SchedulingSettings,
  type SchedulingSettingsInput,
} from '@consult/shared';
import { Button } from '../../../components/ui/button';
import { SaveBar } from '../../../components/ui/save-bar';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { SelectField } from '../../../components/ui/select-field';
import { fieldErrors } from '../../../lib/problem';
import { addDays, dateInZone, timeZoneOptions, zoneName } from '../../../lib/date-time';
import { useSaveSchedulingSettingsMutation } from '../api/admin-scheduling-api';
import { ClientLimitsCard } from './client-limits-card';
import { errorAt, IntervalRows } from './interval-rows';
import { asNumber, asOptionalNumber } from './number-inputs';
import { SlotPreviewCard } from './slot-preview';

type Input = SchedulingSettingsInput;

export function SchedulingForm({ settings }: { settings: SchedulingSettings }) {
  const methods = useForm<Input, unknown, SchedulingSettings>({
    resolver: zodResolver(schedulingSettingsSchema),
    defaultValues: settings,
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = methods;
  const [save, { error, isLoading, reset: resetSave }] = useSaveSchedulingSettingsMutation();

  const onSubmit = handleSubmit(async (values) => {
    resetSave();
    const result = await save(values);
    if ('error' in result) {
      for (const [field, message] of Object.entries(fieldErrors(result.error))) {
        if (field !== '_') setError(field as Path<Input>, { type: 'server', message });
      }
      return;
    }
    toast.success('Your hours and rules are saved.');
    reset(result.data);
  });

  return (
    <FormProvider {...methods}>
      <UnsavedChangesGuard dirty={isDirty} message={BOOKING_MESSAGES.schedulingUnsaved} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-label="Hours and booking rules"
          className="flex flex-col gap-6"
        >
          <RulesCard />
          <ClientLimitsCard />
          <WeeklyHoursCard />
          <OverridesCard />
          <MeetingLinksCard />
          <SaveBar
            saveLabel="Save hours and rules"
            saving={isLoading}
            dirty={isDirty}
            error={error}
            onDiscard={() => {
              resetSave();
              reset();
            }}
          />
        </form>
        {/* Beside the form on wide screens, so the slots change in view while the hours are edited. */}
        <div className="xl:sticky xl:top-6">
          <SlotPreviewCard />
        </div>
      </div>
    </FormProvider>
  );
}

function RulesCard() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<Input>();
  const zone = useWatch({ control, name: 'rules.timeZone' });
  const zones = useMemo(() => timeZoneOptions(zone), [zone]);
  const B = BOOKING_RULE_BOUNDS;
  const number = (
    name: Exclude<Path<Input>, 'rules.timeZone'> & `rules.${string}`,
    label: string,
    [min, max]: readonly [number, number],
    unit: string,
    hint?: string,
  ) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      hint={hint ?? `${min}–${max} ${unit}.`}
      error={errorAt(errors, name)}
      {...register(name, { setValueAs: asNumber })}
    />
  );
  return (
    <Card
      title="Booking rules"
      description="How far ahead and how close together clients can book."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <SelectField
            label="Your time zone"
            hint="Weekly hours and overrides are times on this clock."
            options={zones}
            error={errorAt(errors, 'rules.timeZone')}
            {...register('rules.timeZone')}
          />
        </div>
        {number(
          'rules.minimumNoticeHours',
          'Minimum notice (hours)',
          B.minimumNoticeHours,
          'hours',
        )}
        {number('rules.horizonDays', 'Booking horizon (days)', B.horizonDays, 'days')}
        {number(
          'rules.bufferMinutes',
          'Buffer between bookings (minutes)',
          B.bufferMinutes,
          'minutes',
        )}
        {number('rules.slotStepMinutes', 'Slot step (minutes)', B.slotStepMinutes, 'minutes')}
        <TextField
          label="Maximum bookings per day"
          type="number"
          inputMode="numeric"
          min={B.maxBookingsPerDay[0]}
          max={B.maxBookingsPerDay[1]}
          hint="Leave empty for no limit."
          error={errorAt(errors, 'rules.maxBookingsPerDay')}
          {...register('rules.maxBookingsPerDay', { setValueAs: asOptionalNumber })}
        />
        {number('rules.holdMinutes', 'Payment hold (minutes)', B.holdMinutes, 'minutes')}
        {number(
          'rules.cancellationCutoffHours',
          'Cancellation cutoff (hours)',
          B.cancellationCutoffHours,
          'hours',
          'Clients can cancel or reschedule until this many hours before the start.',
        )}
        {number(
          'rules.waitlistOfferMinutes',
          'Waitlist offer window (minutes)',
          WAITLIST_OFFER_MINUTES_BOUNDS,
          'minutes',
          `A freed time is held this long for the client it is offered to (${WAITLIST_OFFER_MINUTES_BOUNDS[0]}–${WAITLIST_OFFER_MINUTES_BOUNDS[1]} minutes), then offered to the next.`,
        )}
      </div>
    </Card>
  );
}

function WeeklyHoursCard() {
  const { control } = useFormContext<Input>();
  const zone = useWatch({ control, name: 'rules.timeZone' }) ?? '';
  return (
    <Card
      title="Weekly hours"
      description={`When clients can book, on your clock (${zoneName(zone)}). Times as HH:MM; 24:00 is midnight.`}
    >
      <div className="flex flex-col divide-y divide-line">
        {WEEKDAYS.map((day) => (
          <fieldset
            key={day}
            className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[8rem_1fr]"
          >
            <legend className="sr-only">{WEEKDAY_NAMES[day]}</legend>
            <p aria-hidden="true" className="pt-1 font-semibold text-ink">
              {WEEKDAY_NAMES[day]}
            </p>
            <IntervalRows name={`weeklyHours.${day}`} dayLabel={WEEKDAY_NAMES[day]} />
          </fieldset>
        ))}
      </div>
    </Card>
  );
}

function OverridesCard() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<Input>();
  const { fields, append, remove } = useFieldArray({ control, name: 'dateOverrides' });
  const zone = useWatch({ control, name: 'rules.timeZone' }) ?? 'UTC';
  const overrides = useWatch({ control, name: 'dateOverrides' }) ?? [];
  const listError = errorAt(errors, 'dateOverrides');

  const add = () => {
    const taken = new Set(overrides.map((override) => override.date));
    let date = addDays(dateInZone(Date.now(), zone), 1);
    while (taken.has(date)) date = addDays(date, 1);
    append({ date, closed: true, intervals: [] });
  };

  return (
    <Card
      title="Date overrides"
      description="Close a day (a holiday), or open it with its own hours instead of the weekday's."
      actions={
        <Button variant="secondary" onClick={add}>
          Add a date
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        {fields.length === 0 && (
          <p className="text-sm text-muted">No overrides: every date follows the weekly hours.</p>
        )}
        {fields.map((field, index) => {
          const closed = overrides[index]?.closed ?? true;
          const label = overrides[index]?.date || `Override ${index + 1}`;
          return (
            <fieldset
              key={field.id}
              className="flex flex-col gap-3 rounded-xl border border-line p-4"
            >
              <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
              <div className="flex flex-wrap items-end gap-4">
                <div className="w-44">
                  <TextField
                    label="Date"
                    type="date"
                    error={errorAt(errors, `dateOverrides.${index}.date`)}
                    {...register(`dateOverrides.${index}.date`)}
                  />
                </div>
                <label className="flex min-h-11 items-center gap-2 text-base text-ink">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand"
                    {...register(`dateOverrides.${index}.closed`)}
                  />
                  Closed all day
                </label>
                <Button
                  variant="ghost"
                  className="ml-auto min-h-11 px-3 text-sm"
                  aria-label={`Remove the override for ${label}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </div>
              {!closed && (
                <IntervalRows
                  name={`dateOverrides.${index}.intervals`}
                  dayLabel={label}
                  emptyLabel="No hours yet: add some, or close the day."
                />
              )}
            </fieldset>
          );
        })}
        {listError && (
          <p role="alert" className="text-sm font-medium text-danger">
            {listError}
          </p>
        )}
      </div>
    </Card>
  );
}

function MeetingLinksCard() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<Input>();
  const kind = useWatch({ control, name: 'meetingLinks.kind' }) ?? 'room';
  return (
    <Card title="Meeting links" description="The address each confirmed video booking gets.">
      <fieldset className="flex flex-col gap-4">
        <legend className="sr-only">How video bookings get their link</legend>
        <label className="flex items-start gap-2 text-base text-ink">
          <input
            type="radio"
            value="room"
            className="mt-1 size-5 shrink-0 accent-brand"
            {...register('meetingLinks.kind')}
          />
          <span>
            A new room per booking
            <span className="block text-sm text-muted">
              A random room name is added to the base address, e.g. Jitsi Meet.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-base text-ink">
          <input
            type="radio"
            value="fixed"
            className="mt-1 size-5 shrink-0 accent-brand"
            {...register('meetingLinks.kind')}
          />
          <span>
            The same address every time
            <span className="block text-sm text-muted">Your personal meeting room.</span>
          </span>
        </label>
        {kind === 'room' ? (
          <TextField
            key="room"
            label="Base address"
            type="url"
            inputMode="url"
            placeholder="https://meet.jit.si/"
            error={errorAt(errors, 'meetingLinks.baseUrl')}
            {...register('meetingLinks.baseUrl')}
          />
        ) : (
          <TextField
            key="fixed"
            label="Meeting address"
            type="url"
            inputMode="url"
            placeholder="https://"
            error={errorAt(errors, 'meetingLinks.url')}
            {...register('meetingLinks.url')}
          />
        )}
      </fieldset>
    </Card>
  );
}
