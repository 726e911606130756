/** The field for a 6-digit code from the authenticator app, as phones fill it in. */
import type { InputHTMLAttributes } from 'react';
import { TextField } from '../../components/ui/field';

export function TwoFactorCodeField({
  label = '6-digit code',
  hint = 'The code your authenticator app shows now. A new one comes every 30 seconds.',
  error,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label?: string; hint?: string; error?: string }) {
  return (
    <TextField
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      error={error}
      {...props}
    />
  );
}
