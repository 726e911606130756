/** Form fields for a person's details, alike wherever they are asked (sign-up, profile). */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { CONTACT_TEXTS, PASSWORD_RULE_HINT } from '@consult/shared';
import { TextField } from './field';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { error?: string; hint?: ReactNode };

/** Today's date (UTC, YYYY-MM-DD): no birth date can be later; the server checks "in the past". */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function PhoneField({ hint, ...props }: FieldProps) {
  return (
    <TextField
      label="Phone (optional)"
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder={CONTACT_TEXTS.phonePlaceholder}
      hint={hint ?? 'With the country code, e.g. +92 for Pakistan.'}
      {...props}
    />
  );
}

export function BirthDateField(props: FieldProps) {
  return <TextField label="Date of birth" type="date" min="1900-01-01" max={today()} {...props} />;
}

/** A new password, with the rule from the shared package as its hint. */
export function NewPasswordField({
  label = 'Password',
  ...props
}: FieldProps & { label?: string }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      hint={PASSWORD_RULE_HINT}
      {...props}
    />
  );
}
