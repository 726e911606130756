/**
 * "Repeat" in the owner's "Book for a client" (issue 25): every week or two, 2 to 12 sessions at
 * the chosen time in the client's zone. Dates the server finds taken are listed and left out on the
 * next "Book"; nothing is booked until every remaining date is free.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  SERIES_CONFLICT_PROBLEM_TYPE,
  SERIES_COUNT_MAX,
  SERIES_COUNT_MIN,
  seriesConflictProblemSchema,
  type SeriesEvery,
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { SelectField } from '../../../components/ui/select-field';
import { formatInstant } from '../../../lib/date-time';

export interface RepeatChoice {
  every: SeriesEvery | null;
  count: number;
  /** Dates found taken, left out of the series. */
  skip: string[];
}

export const NO_REPEAT: RepeatChoice = { every: null, count: 4, skip: [] };

/** The starts a series' 409 names as taken; null for any other answer. */
export function seriesConflictsOf(
  error: FetchBaseQueryError | SerializedError | undefined,
): string[] | null {
  if (!error || !('status' in error) || error.status !== 409) return null;
  const problem = seriesConflictProblemSchema.safeParse(error.data);
  return problem.success && problem.data.type === SERIES_CONFLICT_PROBLEM_TYPE
    ? (problem.data.conflicts ?? null)
    : null;
}

const COUNTS = Array.from({ length: SERIES_COUNT_MAX - SERIES_COUNT_MIN + 1 }, (_, index) => ({
  value: String(SERIES_COUNT_MIN + index),
  label: `${SERIES_COUNT_MIN + index} sessions`,
}));

export function SeriesRepeatFields({
  value,
  onChange,
  timeZone,
}: {
  value: RepeatChoice;
  onChange: (next: RepeatChoice) => void;
  timeZone: string;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Repeat"
          value={value.every ?? ''}
          onChange={(event) =>
            onChange({
              ...value,
              every: (event.target.value || null) as SeriesEvery | null,
              skip: [],
            })
          }
          options={[
            { value: '', label: 'Does not repeat' },
            { value: 'week', label: 'Every week' },
            { value: '2weeks', label: 'Every two weeks' },
          ]}
          hint="The same weekday and time in the client’s zone; within your hours."
        />
        {value.every && (
          <SelectField
            label="Sessions"
            value={String(value.count)}
            onChange={(event) =>
              onChange({ ...value, count: Number(event.target.value), skip: [] })
            }
            options={COUNTS}
          />
        )}
      </div>
      {value.every && value.skip.length > 0 && (
        <Alert tone="info" title="Taken dates, left out when you book again">
          <ul className="list-disc pl-5">
            {value.skip.map((start) => (
              <li key={start}>{formatInstant(start, timeZone)}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}
