/**
 * Mails that come in bursts fold into a digest (decision 045): the first of a key goes out as it
 * is; one queued while an earlier mail of the key is recent opens a digest that waits a few
 * minutes, and every further one joins it until the outbox job takes it. The outbox holds what is
 * really sent: the digest row is rendered again from its items each time one joins.
 */
import type { Tx } from '../../db/client';
import {
  insertOutboxMail,
  lockFoldKey,
  lockRecentFoldedMail,
  rewriteFoldedDigest,
  type OutgoingMail,
} from './outbox-repository';

export interface FoldedMail<Item> {
  /** Mails of one key fold together, e.g. the owner's cancellation copies to one address. */
  key: string;
  /** A mail of the key queued less than this long ago: the new one goes into a digest. */
  windowMs: number;
  /** A new digest waits this long for more items before it is sent. */
  delayMs: number;
  /** What the digest lists of this mail; stored as JSON. */
  item: Item;
  /** The mail as it goes when no other of its key is recent. */
  single: OutgoingMail;
  /** The digest of `items`, oldest first. */
  digest: (items: Item[]) => OutgoingMail;
}

/** Queues `fold` in `tx`: alone, as a new digest, or into the digest still waiting. */
export async function queueFoldedMail<Item>(tx: Tx, fold: FoldedMail<Item>): Promise<string> {
  const { key } = fold;
  await lockFoldKey(tx, key);
  const recent = await lockRecentFoldedMail(tx, key, fold.windowMs);
  if (!recent) return insertOutboxMail(tx, fold.single, { foldKey: key });
  if (recent.open && recent.foldItems) {
    const items = [...(recent.foldItems as Item[]), fold.item];
    await rewriteFoldedDigest(tx, recent.id, fold.digest(items), items);
    return recent.id;
  }
  return insertOutboxMail(tx, fold.digest([fold.item]), {
    foldKey: key,
    foldItems: [fold.item],
    dueInMs: fold.delayMs,
  });
}
