import { and, asc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";

/* Contact messages (docs/product.md#contact): every accepted message is stored before any e-mail is tried. */

export type NewContactMessage = { name: string; email: string; subject: string; message: string };

/** Stores a message and returns its id; throws when it could not be stored. */
export function insertContactMessage(message: NewContactMessage): number {
  const row = db.insert(contactMessages).values(message).returning({ id: contactMessages.id }).get();
  return row.id;
}

/** Records that the message reached the team's mailbox. */
export function markContactMailed(id: number, at: number): void {
  db.update(contactMessages).set({ mailedAt: at }).where(eq(contactMessages.id, id)).run();
}

/* Housekeeping (docs/product.md#privacy-and-retention) */

export type StoredContactMessage = NewContactMessage & { id: number };

/** Messages stored between `after` and `before` that never reached the mailbox, oldest first, at most `limit`. */
export function unmailedContactMessages(after: number, before: number, limit: number): StoredContactMessage[] {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
    })
    .from(contactMessages)
    .where(
      and(
        isNull(contactMessages.mailedAt),
        gt(contactMessages.createdAt, after),
        lt(contactMessages.createdAt, before),
      ),
    )
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(limit)
    .all();
}

/** Deletes up to `limit` messages stored before `before`; returns how many, so the caller can loop in batches. */
export function deleteContactMessagesBefore(before: number, limit: number): number {
  const batch = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(lt(contactMessages.createdAt, before))
    .limit(limit);
  return db.delete(contactMessages).where(inArray(contactMessages.id, batch)).run().changes;
}
