import { eq } from "drizzle-orm";
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
