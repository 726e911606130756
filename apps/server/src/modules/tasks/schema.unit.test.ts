import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '@consult/shared';
import { STORED_TASK_STATUSES } from './schema';

describe('the tasks table', () => {
  it('stores the statuses the shared rules know', () => {
    expect([...STORED_TASK_STATUSES]).toEqual([...TASK_STATUSES]);
  });
});
