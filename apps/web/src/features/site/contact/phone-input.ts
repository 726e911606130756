/**
 * The phone field's rules: it always starts with +, and Backspace (or Delete) cannot
 * remove the + or the first character.
 */
import type { KeyboardEvent } from 'react';

export function withLeadingPlus(value: string): string {
  return `+${value.replace(/^\++/, '')}`;
}

export function blockDeletingPrefix(event: KeyboardEvent<HTMLInputElement>) {
  const { selectionStart, selectionEnd } = event.currentTarget;
  if (selectionStart === null || selectionEnd === null) return;
  const touchesPlus =
    event.key === 'Backspace'
      ? selectionStart <= 1 && (selectionEnd <= 1 || selectionStart === 0)
      : event.key === 'Delete' && selectionStart === 0;
  if (touchesPlus) event.preventDefault();
}
