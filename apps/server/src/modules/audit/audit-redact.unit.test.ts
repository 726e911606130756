import { describe, expect, it } from 'vitest';
import { AUDIT_ERASED_TEXT, redactAuditDetails } from './audit-redact';

describe('redactAuditDetails', () => {
  it('erases every text but keeps record ids, numbers, yes/no facts and the shape', () => {
    const bookingId = '0b5c7a1e-3f64-4e2a-9d3c-6a1b2c3d4e5f';
    expect(
      redactAuditDetails({
        before: null,
        after: {
          title: 'Ask Zofia Nowak for the statements',
          details: 'zofia@example.test, +923001234567',
          bookingId,
          clientId: 'not-a-uuid-but-an-id',
          amountMinor: 8000,
          done: false,
          dueDate: null,
          tags: ['Zofia', bookingId],
        },
        noteId: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f',
        email: 'zofia@example.test',
      }),
    ).toEqual({
      before: null,
      after: {
        title: AUDIT_ERASED_TEXT,
        details: AUDIT_ERASED_TEXT,
        bookingId,
        clientId: 'not-a-uuid-but-an-id',
        amountMinor: 8000,
        done: false,
        dueDate: null,
        tags: [AUDIT_ERASED_TEXT, bookingId],
      },
      noteId: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f',
      email: AUDIT_ERASED_TEXT,
      erased: true,
    });
  });

  it('keeps a value that is not an object under `value`', () => {
    expect(redactAuditDetails('Zofia Nowak')).toEqual({ value: AUDIT_ERASED_TEXT, erased: true });
  });
});
