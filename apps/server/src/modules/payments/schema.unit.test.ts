import { describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '@consult/shared';
import { STORED_PAYMENT_PROVIDERS, STORED_PAYMENT_STATUSES } from './schema';

describe('the payments table', () => {
  it('stores the statuses and providers the shared rules know', () => {
    expect([...STORED_PAYMENT_STATUSES]).toEqual([...PAYMENT_STATUSES]);
    expect([...STORED_PAYMENT_PROVIDERS]).toEqual([...PAYMENT_PROVIDERS]);
  });
});
