/**
 * The slots the unsaved draft would offer for one service on one day, existing bookings and the
 * owner's calendars counted, and why each other time of the day's hours is not offered.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  schedulingSettingsSchema,
  type SchedulingSettingsInput,
  type SlotCandidate,
} from '@consult/shared';
import { Skeleton } from '../../../components/query-state';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { useListAdminServicesQuery, usePreviewSlotsQuery } from '../api/owner-scheduling-api';
import { errorMessage } from '../../../lib/problem';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { dateInZone, formatDay, timeInZone, zoneName } from '../../../lib/date-time';

const DRAFT_DEBOUNCE_MS = 400;

export function SlotPreviewCard() {
  const { control } = useFormContext<SchedulingSettingsInput>();
  const draft = useWatch({ control });
  // The draft as text: a stable key for the debounce and the request cache.
  const debounced = useDebouncedValue(JSON.stringify(draft), DRAFT_DEBOUNCE_MS);
  const parsed = schedulingSettingsSchema.safeParse(JSON.parse(debounced));
  const zone = parsed.success ? parsed.data.rules.timeZone : (draft.rules?.timeZone ?? 'UTC');

  const services = useListAdminServicesQuery();
  const active = (services.data?.services ?? []).filter((service) => service.active);
  const [chosenService, setService] = useState('');
  const service = chosenService || active[0]?.slug || '';
  const [chosenDate, setDate] = useState('');
  const date = chosenDate || safeToday(zone);

  const ready = parsed.success && Boolean(service) && /^\d{4}-\d{2}-\d{2}$/.test(date);
  const preview = usePreviewSlotsQuery(
    ready && parsed.success ? { settings: parsed.data, service, date } : skipToken,
  );

  return (
    <Card
      title="Preview"
      description="The times clients would see with the settings above, saved or not. Notice and horizon are ignored so any day can be checked."
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-1">
          <SelectField
            label="Service"
            value={service}
            onChange={(event) => setService(event.target.value)}
            options={
              active.length
                ? active.map((option) => ({ value: option.slug, label: option.title }))
                : [{ value: '', label: 'No active services' }]
            }
          />
          <TextField
            label="Day"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div aria-live="polite" aria-busy={preview.isFetching}>
          {!parsed.success ? (
            <Alert tone="error" title="Fix the settings to see the preview">
              {parsed.error.issues[0]?.message}
            </Alert>
          ) : !service ? (
            <p className="text-sm text-muted">Add an active service to preview its slots.</p>
          ) : preview.isFetching && !preview.currentData ? (
            <Skeleton lines={2} label="Loading the preview" />
          ) : preview.error ? (
            <Alert tone="error">{errorMessage(preview.error)}</Alert>
          ) : preview.currentData ? (
            <>
              <PreviewSlots
                slots={preview.currentData.slots}
                date={preview.currentData.date}
                zone={preview.currentData.timeZone}
              />
              <NotOffered
                candidates={preview.currentData.candidates}
                zone={preview.currentData.timeZone}
              />
            </>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function PreviewSlots({ slots, date, zone }: { slots: string[]; date: string; zone: string }) {
  if (slots.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">
        No free times on {formatDay(date)}.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        {slots.length} {slots.length === 1 ? 'time' : 'times'} on {formatDay(date)} (
        {zoneName(zone)})
      </p>
      <ul aria-label="Preview slots" className="flex flex-wrap gap-2">
        {slots.map((slot) => (
          <li
            key={slot}
            className="rounded-lg border border-line bg-brand-soft px-3 py-1.5 text-sm font-semibold text-brand-strong tabular-nums"
          >
            {timeInZone(slot, zone)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The times of the day's hours that are not offered, each with why ("busy in Personal: Dentist"). */
function NotOffered({ candidates, zone }: { candidates: SlotCandidate[]; zone: string }) {
  const refused = candidates.filter((slot) => !slot.offered);
  if (refused.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-2">
      <p className="text-sm text-muted">Not offered</p>
      <ul aria-label="Times not offered" className="flex flex-col gap-1 text-sm">
        {refused.map((slot) => (
          <li key={slot.start} className="flex gap-3">
            <span className="w-12 shrink-0 text-muted tabular-nums">
              {timeInZone(slot.start, zone)}
            </span>
            <span className="min-w-0 break-words text-ink">{slot.reason?.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Today in the draft's zone, or in UTC while the zone field holds something unknown. */
function safeToday(zone: string): string {
  try {
    return dateInZone(Date.now(), zone);
  } catch {
    return dateInZone(Date.now(), 'UTC');
  }
}
