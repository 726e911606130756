import { describe, expect, it } from 'vitest';
import { INBOX_MESSAGES as M } from './messages';
import { replyMailto } from './rules';
import { inboxQuerySchema, messageStatePatchSchema } from './schemas';

function messagesFor(query: Record<string, unknown>): string[] {
  const result = inboxQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('inbox query schema', () => {
  it('defaults to the first page with no filters', () => {
    expect(inboxQuerySchema.parse({})).toEqual({ page: 1 });
  });

  it('reads the filters and the page from the address', () => {
    expect(
      inboxQuerySchema.parse({ type: 'Support', state: 'new', q: '  bakery ', page: '3' }),
    ).toEqual({ type: 'Support', state: 'new', q: 'bakery', page: 3 });
  });

  it.each([
    [{ type: 'Complaint' }, [M.typeInvalid]],
    [{ type: 'general' }, [M.typeInvalid]],
    [{ state: 'open' }, [M.stateInvalid]],
    [{ page: '0' }, [M.pageInvalid]],
    [{ page: '1.5' }, [M.pageInvalid]],
    [{ page: 'two' }, [M.pageInvalid]],
    [{ q: 'x'.repeat(101) }, [M.searchTooLong]],
  ])('refuses %j with its message', (query, expected) => {
    expect(messagesFor(query)).toEqual(expected);
  });

  it('accepts a search of 100 characters and drops NUL characters', () => {
    expect(inboxQuerySchema.parse({ q: 'x'.repeat(100) }).q).toHaveLength(100);
    expect(inboxQuerySchema.parse({ q: 'ba\u0000kery' }).q).toBe('bakery');
  });
});

describe('message state change', () => {
  it('takes new or handled only', () => {
    expect(messageStatePatchSchema.parse({ state: 'handled' })).toEqual({ state: 'handled' });
    const wrong = messageStatePatchSchema.safeParse({ state: 'done' });
    expect(wrong.success ? [] : wrong.error.issues.map((i) => i.message)).toEqual([M.stateInvalid]);
  });
});

describe('reply link', () => {
  it('opens a mail to the sender with the subject encoded', () => {
    expect(replyMailto('sara+inbox@example.com')).toBe(
      'mailto:sara%2Binbox@example.com?subject=Re%3A%20your%20message',
    );
  });

  it('tells how long until another invitation may go out', () => {
    expect(M.inviteAlreadySent(1)).toContain('in 1 hour.');
    expect(M.inviteAlreadySent(23)).toContain('in 23 hours.');
  });
});
