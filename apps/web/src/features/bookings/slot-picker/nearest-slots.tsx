/** The free times next to one that was just taken, offered as one-click replacements. */
import { formatShortDate, formatTime } from '../../../lib/date-time';

export function NearestSlots({
  slots,
  timeZone,
  onChoose,
}: {
  slots: readonly string[];
  timeZone: string;
  onChoose: (start: string) => void;
}) {
  if (slots.length === 0) {
    return <p className="text-sm">Please choose another day on the calendar.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">The nearest free times:</p>
      <ul className="flex flex-wrap gap-2">
        {slots.map((slot) => (
          <li key={slot}>
            <button
              type="button"
              onClick={() => onChoose(slot)}
              className="min-h-11 rounded-lg border border-brand/40 bg-surface px-3 py-2 text-sm font-semibold text-brand hover:bg-brand-soft"
            >
              {formatShortDate(slot, timeZone)}, {formatTime(slot, timeZone)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
