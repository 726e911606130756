import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../text';
import { CLIENT_NOTE_MESSAGES } from './messages';
import { CLIENT_NOTE_TEXT_MAX } from './rules';
import { clientNoteInputSchema } from './schemas';

const messageOf = (text: unknown) => {
  const result = clientNoteInputSchema.safeParse({ text });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('clientNoteInputSchema', () => {
  it('keeps line breaks, trims the ends and drops NUL', () => {
    expect(clientNoteInputSchema.parse({ text: '  one\n\ttwo\u0000  ' })).toEqual({
      text: 'one\n\ttwo',
    });
  });

  it('says what is wrong with an empty, too long or hidden-character note', () => {
    expect(messageOf('   ')).toBe(CLIENT_NOTE_MESSAGES.textRequired);
    expect(messageOf(undefined)).toBe(CLIENT_NOTE_MESSAGES.textRequired);
    expect(messageOf('x'.repeat(CLIENT_NOTE_TEXT_MAX + 1))).toBe(CLIENT_NOTE_MESSAGES.textTooLong);
    expect(messageOf('x'.repeat(CLIENT_NOTE_TEXT_MAX))).toBeNull();
    expect(messageOf('Bob \u202Egnp.exe')).toBe(TEXT_MESSAGES.hiddenCharacters);
  });
});
