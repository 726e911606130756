import { describe, expect, it } from 'vitest';
import { auditActionLabel, readAuditDetails } from './audit-format';

describe('readAuditDetails', () => {
  it('turns before and after into one row per changed field, one level deep', () => {
    expect(
      readAuditDetails({
        before: { rules: { bufferMinutes: 15 }, title: 'Old' },
        after: { rules: { bufferMinutes: 5 }, title: 'New' },
      }),
    ).toEqual({
      changes: [
        { field: 'rules.bufferMinutes', before: 15, after: 5 },
        { field: 'title', before: 'Old', after: 'New' },
      ],
      facts: [],
    });
  });

  it('shows a created record’s fields with nothing before, and keeps other keys as facts', () => {
    expect(readAuditDetails({ before: null, after: { role: 'admin' }, noteId: 'n1' })).toEqual({
      changes: [{ field: 'role', before: undefined, after: 'admin' }],
      facts: [{ field: 'noteId', value: 'n1' }],
    });
  });

  it('reads the older { from, to } pairs as changes', () => {
    expect(readAuditDetails({ role: { from: 'user', to: 'admin' } }).changes).toEqual([
      { field: 'role', before: 'user', after: 'admin' },
    ]);
  });
});

describe('labels', () => {
  it('names known actions in words and shows unknown ones as they are', () => {
    expect(auditActionLabel('service.update')).toBe('Changed a service');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });
});
