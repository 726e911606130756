/**
 * Rules for text people type. NUL is dropped (PostgreSQL text cannot hold it). Control and
 * invisible format characters are refused: a bidirectional override makes `Bob \u202Egnp.exe`
 * read "Bob exe.png" in a list, and a line break in a name fakes a line of a mail. Zero-width
 * joiner and non-joiner stay allowed: Persian and Indic names and emoji sequences need them
 * (decision 022).
 */

/** Removes NUL characters; used with zod's `.overwrite()` before trim and length. */
export function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** The joiners some scripts and emoji need; they cannot reorder text. */
const JOINERS = /\u200C|\u200D/g;
const LINE_BREAKS_AND_TABS = /\r|\n|\t/g;

export const TEXT_MESSAGES = {
  singleLine: 'Use one line of visible text: line breaks and invisible characters are not allowed',
  hiddenCharacters: 'Remove invisible control characters (such as direction marks)',
} as const;

/** A name or a title: one line, no control or invisible format characters. */
export function isSingleLineText(text: string): boolean {
  return !HIDDEN.test(text.replace(JOINERS, ''));
}

/** A message or a note: line breaks and tabs allowed, no other control or format characters. */
export function isVisibleText(text: string): boolean {
  return !HIDDEN.test(text.replace(JOINERS, '').replace(LINE_BREAKS_AND_TABS, ''));
}
