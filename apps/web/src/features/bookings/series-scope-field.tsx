/** A series session's cancellation: this one only, or this one and the following ones. */
import type { ReactNode } from 'react';

const OPTIONS = [
  { value: false, label: 'Cancel this session only' },
  { value: true, label: 'Cancel this session and the following ones' },
] as const;

export function SeriesScopeField({
  withFollowing,
  onChange,
  children,
}: {
  withFollowing: boolean;
  onChange: (withFollowing: boolean) => void;
  /** What the chosen scope means, under the choice. */
  children?: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="font-semibold text-ink">This session is part of a series</legend>
      <div className="mt-2 flex flex-col gap-1">
        {OPTIONS.map((option) => (
          <label key={option.label} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="cancel-series"
              checked={withFollowing === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
