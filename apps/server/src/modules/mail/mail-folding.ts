/**
 * Mails that come in bursts fold into a digest (decision 045): the first of a key goes out as it
 * is (unless `firstWaits`: then it opens the digest); one queued while an earlier mail of the key
 * is recent opens a digest that waits a few minutes, and every further one joins it until the
 * outbox job takes it. The outbox holds what is really sent: the digest row is rendered again from
 * its items each time one joins.
 */
import type { Tx } from '../../db/client';
import {
  deleteOutboxMail,
  insertOutboxMail,
  lockFoldKey,
  lockRecentFoldedMail,
  lockWaitingDigests,
  rewriteFoldedDigest,
  type OutgoingMail,
} from './outbox-repository';

interface FoldedMailBase<Item> {
  /** Mails of one key fold together, e.g. the owner's cancellation copies to one address. */
  key: string;
  /** A mail of the key queued less than this long ago: the new one goes into a digest. */
  windowMs: number;
  /** A new digest waits this long for more items before it is sent. */
  delayMs: number;
  /** What the digest lists of this mail; stored as JSON. */
  item: Item;
  /** The digest of `items`, oldest first. */
  digest: (items: Item[]) => OutgoingMail;
}

export type FoldedMail<Item> = FoldedMailBase<Item> &
  (
    | {
        /**
         * The first of a burst waits too: every mail of the key opens or joins a digest, so a
         * burst is one mail, not the first alone and a digest of the rest (the task assignments,
         * decision 047). A digest of one item must then read as that mail alone.
         */
        firstWaits: true;
      }
    | {
        firstWaits?: false;
        /** The mail as it goes when no other of its key is recent. */
        single: OutgoingMail;
      }
  );

/** Queues `fold` in `tx`: alone, as a new digest, or into the digest still waiting. */
export async function queueFoldedMail<Item>(tx: Tx, fold: FoldedMail<Item>): Promise<string> {
  const { key } = fold;
  await lockFoldKey(tx, key);
  const recent = await lockRecentFoldedMail(tx, key, fold.windowMs);
  if (!recent && !fold.firstWaits) return insertOutboxMail(tx, fold.single, { foldKey: key });
  if (recent?.open && recent.foldItems) {
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

/** What changed in a key's waiting digests before they went (`reviseFoldedMail`). */
export interface FoldedMailRevision<Item> {
  key: string;
  /** The items as they should now read; an item left out is withdrawn. */
  revise: (items: Item[]) => Item[];
  digest: (items: Item[]) => OutgoingMail;
}

/**
 * Brings the key's digests that have not gone yet in line with what changed since their items
 * were queued (a task renamed or deleted): each is rendered again, or taken out of the outbox when
 * no item is left, so a mail never announces what no longer exists. A digest already sent, being
 * sent or tried stays as it is: it is the record of what went.
 */
export async function reviseFoldedMail<Item>(
  tx: Tx,
  revision: FoldedMailRevision<Item>,
): Promise<void> {
  await lockFoldKey(tx, revision.key);
  for (const waiting of await lockWaitingDigests(tx, revision.key)) {
    const before = waiting.foldItems as Item[];
    const items = revision.revise(before);
    if (items.length === 0) await deleteOutboxMail(tx, waiting.id);
    else if (JSON.stringify(items) !== JSON.stringify(before)) {
      await rewriteFoldedDigest(tx, waiting.id, revision.digest(items), items);
    }
  }
}
