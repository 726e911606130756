/**
 * The contact message's rules, once: the popup validates with `contactFormSchema`, the server with
 * `contactMessageSchema` (the same fields; the form's requestType is sent as `type`).
 */
import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { z } from 'zod';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
  CONTACT_PHONE_MAX,
  CONTACT_PHONE_MIN,
  CONTACT_REQUEST_TYPES,
  PHONE_PARSER_MAX_INPUT,
} from './limits';
import { CONTACT_MESSAGES as M } from './messages';
import { withoutNul, isSingleLineText, isVisibleText, TEXT_MESSAGES } from '../text';

/** A text field: `required` when absent (or not text), `empty` when blank, then its own checks. */
function requiredText(required: string, empty: string) {
  return z
    .string({ error: required })
    .overwrite(withoutNul)
    .trim()
    .min(1, { error: empty, abort: true });
}

/** All non-digits except + are stripped. */
export function cleanPhone(value: string): string {
  return value.replace(/[^\d+]/g, '');
}

/**
 * False only when the number parses but is not a valid number for its country code; parse failures
 * (too short or long a national number, an unknown country code) are ignored on purpose.
 */
export function isPlausiblePhone(cleaned: string): boolean {
  if (cleaned.length > PHONE_PARSER_MAX_INPUT) return true;
  try {
    return parsePhoneNumberWithError(cleaned).isValid();
  } catch {
    return true;
  }
}

export const contactNameSchema = requiredText(M.nameRequired, M.nameEmpty)
  .min(CONTACT_NAME_MIN, M.nameTooShort)
  .max(CONTACT_NAME_MAX, M.nameTooLong)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine);

export const contactPhoneSchema = z
  .string({ error: M.phoneRequired })
  .transform(cleanPhone)
  .pipe(
    z
      .string()
      // The input always keeps its leading +, so a lone + is an empty field.
      .refine((value) => value !== '' && value !== '+', { error: M.phoneEmpty, abort: true })
      .regex(/^\+[1-9]/, { error: M.phoneStart, abort: true })
      .min(CONTACT_PHONE_MIN, { error: M.phoneTooShort, abort: true })
      .max(CONTACT_PHONE_MAX, { error: M.phoneTooLong, abort: true })
      .refine(isPlausiblePhone, M.phoneInvalid),
  );

export const contactEmailSchema = requiredText(M.emailRequired, M.emailEmpty).pipe(
  z.email({ error: M.emailInvalid }),
);

export const contactMessageTextSchema = requiredText(M.messageRequired, M.messageEmpty)
  .min(CONTACT_MESSAGE_MIN, M.messageTooShort)
  .max(CONTACT_MESSAGE_MAX, M.messageTooLong)
  .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters);

export const contactRequestTypeSchema = z.enum(CONTACT_REQUEST_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? M.typeRequired : M.typeInvalid,
});

/** The body of POST /api/contactMe. */
export const contactMessageSchema = z.object({
  name: contactNameSchema,
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  message: contactMessageTextSchema,
  type: contactRequestTypeSchema,
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** The popup's fields, in the order they appear. */
export const contactFormSchema = z.object({
  name: contactNameSchema,
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  requestType: contactRequestTypeSchema,
  message: contactMessageTextSchema,
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

/** The form's values as the API expects them. */
export function toContactMessage(values: z.output<typeof contactFormSchema>): ContactMessage {
  const { requestType, ...rest } = values;
  return { ...rest, type: requestType };
}

export const contactCreatedSchema = z.object({ id: z.uuid() });
export type ContactCreated = z.infer<typeof contactCreatedSchema>;
