/** Field rules of the account forms, shared by the browser forms and the server. */
import { z } from 'zod';
import { AUTH_MESSAGES, NAME_MAX_LENGTH } from './messages';
import { withoutNul, isSingleLineText, TEXT_MESSAGES } from '../text';

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }).max(254, AUTH_MESSAGES.emailInvalid));

export const nameSchema = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .overwrite(withoutNul)
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

/** True for a real calendar day written as YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A birth date: a real day, after 1900 and not in the future. */
export const dobSchema = z
  .string({ error: AUTH_MESSAGES.dobInvalid })
  .trim()
  .refine(isCalendarDate, { error: AUTH_MESSAGES.dobInvalid, abort: true })
  .refine((value) => {
    const today = new Date().toISOString().slice(0, 10);
    return value >= '1900-01-01' && value <= today;
  }, AUTH_MESSAGES.dobOutOfRange);

/** A phone number in international form: everything but digits and + is dropped, as on the contact form. */
export const phoneSchema = z
  .string()
  .transform((value) => value.replace(/[^\d+]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\+[1-9]/, AUTH_MESSAGES.phoneStart)
      .min(8, AUTH_MESSAGES.phoneTooShort)
      .max(16, AUTH_MESSAGES.phoneTooLong),
  );
