import type { SelectHTMLAttributes } from 'react';
import { Field, inputClasses } from './field';

/** A labelled select, wired like TextField. */
export function SelectField({
  label,
  hint,
  error,
  options,
  ...selectProps
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  error?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClasses}
          {...selectProps}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
