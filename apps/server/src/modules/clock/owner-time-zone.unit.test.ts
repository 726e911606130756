import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { OwnerTimeZone } from './owner-time-zone';

const db = {} as Db;

function counted(zones: string[]) {
  let reads = 0;
  const clock = new OwnerTimeZone(async () => zones[Math.min(reads++, zones.length - 1)]!);
  return { clock, reads: () => reads };
}

describe('OwnerTimeZone', () => {
  it('reads once while the changes are heard', async () => {
    const { clock, reads } = counted(['Europe/London']);
    clock.onListening(true);
    expect(await clock.get(db)).toBe('Europe/London');
    expect(await clock.get(db)).toBe('Europe/London');
    expect(reads()).toBe(1);
  });

  it('reads again after a change is notified', async () => {
    const { clock, reads } = counted(['Europe/London', 'Asia/Karachi']);
    clock.onListening(true);
    await clock.get(db);
    clock.onChange();
    expect(await clock.get(db)).toBe('Asia/Karachi');
    expect(reads()).toBe(2);
  });

  it('reads every time while the changes are not heard', async () => {
    const { clock, reads } = counted(['Europe/London']);
    await clock.get(db);
    await clock.get(db);
    expect(reads()).toBe(2);
  });

  it('does not keep a read that a change overtook', async () => {
    let release: (zone: string) => void = () => {};
    let reads = 0;
    const clock = new OwnerTimeZone(() => {
      reads += 1;
      return new Promise((resolve) => (release = resolve));
    });
    clock.onListening(true);
    const first = clock.get(db);
    clock.onChange();
    release('Europe/London');
    await first;
    const second = clock.get(db);
    release('Asia/Karachi');
    expect(await second).toBe('Asia/Karachi');
    expect(reads).toBe(2);
  });
});
