import { db } from "./client.server";

type Pending = { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
let queue: Pending[] = [];

/**
 * Runs `write` in a transaction it shares with the other writes that reach this point in the same turn of the
 * event loop: one commit for all of them, each still all or nothing on its own (a savepoint), so one that throws
 * leaves the others saved. A commit is the expensive part of a small write (the log, and under LiteFS a
 * replication file per transaction), so busy moments cost less per write, not more
 * (docs/decisions/0029-checkpoints-and-shared-commits.md). Resolves once the shared commit is done.
 */
export function inSharedCommit<T>(write: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
    if (queue.length === 1) setImmediate(commitQueued);
  });
}

function commitQueued() {
  const batch = queue;
  queue = [];
  const sqlite = db.$client;
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    sqlite.transaction(() => {
      for (const { write } of batch) {
        try {
          // Nested, better-sqlite3 makes this a savepoint: rolled back alone when it throws.
          outcomes.push({ ok: true, value: sqlite.transaction(write)() });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    })();
  } catch (error) {
    // The commit itself failed: nothing of the batch was saved.
    for (const { reject } of batch) reject(error);
    return;
  }
  batch.forEach(({ resolve, reject }, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) resolve(outcome.value);
    else reject(outcome.error);
  });
}
