/** Every text the contact form and its API answer with, word for word as the product fixes them. */
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
} from './limits';

export const CONTACT_MESSAGES = {
  nameEmpty: 'Name cannot be empty',
  nameTooShort: `Name must be at least ${CONTACT_NAME_MIN} characters long`,
  nameTooLong: `Name must be less than ${CONTACT_NAME_MAX} characters long`,
  nameRequired: 'Name is a required field',
  phoneStart: 'Phone number must start with + followed by country code',
  phoneTooShort: 'Phone number is too short',
  phoneTooLong: 'Phone number is too long',
  phoneInvalid: 'Invalid phone number format. Please check country code and number',
  phoneEmpty: 'Phone number is required',
  phoneRequired: 'Phone number is a required field',
  emailInvalid: 'Email must be a valid email address',
  emailEmpty: 'Email cannot be empty',
  emailRequired: 'Email is a required field',
  messageEmpty: 'Message cannot be empty',
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters long`,
  messageTooLong: `Message must be less than ${CONTACT_MESSAGE_MAX} characters long`,
  messageRequired: 'Message is a required field',
  typeInvalid: 'Request type must be one of General, Support, Feedback',
  typeRequired: 'Request type is a required field',
} as const;

/** The popup's own texts. */
export const CONTACT_TEXTS = {
  heading: 'Contact Me',
  send: 'Send',
  sending: 'Sending...',
  phonePlaceholder: '+92 XXX XXXXXXX',
  phoneHint: 'Format: +[country code] phone number (e.g. +92 for Pakistan)',
  sent: 'Message sent successfully!',
  clientError: 'Client error: Failed to send message',
  serverError: 'Server error: Failed to send message',
} as const;
