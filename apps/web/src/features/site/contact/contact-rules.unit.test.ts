import { describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '@consult/shared';
import { withLeadingPlus } from './phone-input';
import { sendFailureMessage } from './send-failure';

describe('the toast after a failed send', () => {
  it.each([
    [400, CONTACT_TEXTS.clientError],
    [413, CONTACT_TEXTS.clientError],
    [429, CONTACT_TEXTS.clientError],
    [499, CONTACT_TEXTS.clientError],
    [500, CONTACT_TEXTS.serverError],
    [503, CONTACT_TEXTS.serverError],
  ])('status %i reads "%s"', (status, message) => {
    expect(sendFailureMessage({ status, data: {} })).toBe(message);
  });

  it('says nothing when there was no answer or no status', () => {
    expect(sendFailureMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      null,
    );
    expect(sendFailureMessage(new Error('boom'))).toBe(null);
    expect(sendFailureMessage(undefined)).toBe(null);
  });
});

describe('the phone field', () => {
  it('always starts with a single +', () => {
    expect(withLeadingPlus('92 300')).toBe('+92 300');
    expect(withLeadingPlus('+92 300')).toBe('+92 300');
    expect(withLeadingPlus('++92')).toBe('+92');
    expect(withLeadingPlus('')).toBe('+');
  });
});
