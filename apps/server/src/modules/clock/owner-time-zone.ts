/**
 * The owner's time zone, the one clock of the owner's dates (the audit log's and the metrics' day
 * filters, payment days, the site's "today", the owner's mail copies). Read once and kept until the
 * settings may have changed, with the availability cache's freshness (decision 017): the settings
 * table's trigger notifies 'availability_changed' at each commit that writes it, from any node, and
 * nothing is served from the cache while that channel is not heard.
 *
 * Where the zone is stored (the scheduling settings) is the bookings module's business; `app.ts`
 * hands the reader in, so this platform piece imports no module above it.
 */
import type { ChangeListener, Db } from '../../db/client';

export class OwnerTimeZone implements ChangeListener {
  #generation = 0;
  #listening = false;
  #cached: { generation: number; zone: string } | undefined;

  constructor(private readonly read: (db: Db) => Promise<string>) {}

  onChange(): void {
    this.#generation += 1;
    this.#cached = undefined;
  }

  onListening(listening: boolean): void {
    this.#listening = listening;
    // Changes may have been missed while not listening: nothing from before counts.
    this.onChange();
  }

  /**
   * The owner's IANA zone, e.g. 'Europe/London'. A miss reads through `db`, the caller's transaction
   * when it has one: waiting for a second connection inside a transaction could wait forever.
   */
  async get(db: Db): Promise<string> {
    const generation = this.#generation;
    if (this.#listening && this.#cached?.generation === generation) return this.#cached.zone;
    const zone = await this.read(db);
    // A read that saw a change while it ran is not kept: it may predate the change.
    if (this.#generation === generation) this.#cached = { generation, zone };
    return zone;
  }
}
