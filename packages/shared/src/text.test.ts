import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './auth/schemas';
import { cancelBookingSchema, createBookingSchema } from './booking/booking';
import { serviceInputSchema } from './booking/service';
import { contactMessageSchema } from './contact/schemas';
import { isSingleLineText, isVisibleText, TEXT_MESSAGES } from './text';

const HIDDEN = {
  'a right-to-left override': 'Bob \u202Egnp.exe\u202C',
  'a left-to-right isolate': 'Bob \u2066x\u2069',
  'a right-to-left mark': 'Bob\u200F',
  'a zero-width space': 'Bo\u200Bb',
  'a byte order mark': '\uFEFFBob',
  'a C1 control': 'Bob\u0085',
  'an escape': 'Bob\u001B[31m',
  'a line separator': 'Bob\u2028Smith',
};

describe('visible text', () => {
  it.each(Object.entries(HIDDEN))('refuses %s anywhere', (_what, text) => {
    expect(isSingleLineText(text)).toBe(false);
    expect(isVisibleText(text)).toBe(false);
  });

  it.each([
    ['a line break', 'Bob\nSmith'],
    ['a carriage return', 'Bob\r\nSmith'],
    ['a tab', 'Bob\tSmith'],
  ])('refuses %s in one line, allows it in a message', (_what, text) => {
    expect(isSingleLineText(text)).toBe(false);
    expect(isVisibleText(text)).toBe(true);
  });

  it.each([
    ['a Persian name with a zero-width non-joiner', 'می\u200Cخواهم'],
    ['an emoji family joined by zero-width joiners', 'Ana 👩\u200D👩\u200D👧'],
    ['accents and other scripts', 'Zoë Ørsted-Núñez 김민준 محمد'],
  ])('accepts %s', (_what, text) => {
    expect(isSingleLineText(text)).toBe(true);
  });

  it('answers with one clear message in every schema that takes a name or a line', () => {
    const name = 'Bob \u202Egnp.exe\u202C';
    const messageOf = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(messageOf(profileUpdateSchema.safeParse({ name }))).toEqual([TEXT_MESSAGES.singleLine]);
    expect(
      messageOf(
        contactMessageSchema.safeParse({
          name: 'Bob\nOwner: approved',
          phone: '+923001234567',
          email: 'bob@example.com',
          message: 'A message of enough length.',
          type: 'General',
        }),
      ),
    ).toEqual([TEXT_MESSAGES.singleLine]);
    const service = {
      slug: 'intro',
      title: 'Intro\u202E',
      durationMinutes: 30,
      priceMinor: 0,
      currency: 'USD',
      meetingMode: 'video',
    };
    expect(messageOf(serviceInputSchema.safeParse(service))).toEqual([TEXT_MESSAGES.singleLine]);
    expect(
      messageOf(
        createBookingSchema.safeParse({
          service: 'intro',
          start: '2026-03-10T09:00:00Z',
          notes: 'Hi\u202E',
        }),
      ),
    ).toEqual([TEXT_MESSAGES.hiddenCharacters]);
    expect(messageOf(cancelBookingSchema.safeParse({ reason: 'Ill\u200B' }))).toEqual([
      TEXT_MESSAGES.hiddenCharacters,
    ]);
    expect(cancelBookingSchema.parse({ reason: 'Ill.\nSorry.' }).reason).toBe('Ill.\nSorry.');
  });
});
