import { shortcutOn } from "~/utils/shortcuts.server";
import { db } from "./client.server";

type Pending = { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
let queue: Pending[] = [];
const sharing = shortcutOn("shared-commit");

/**
 * Runs `write` in a transaction it shares with the other writes that reach this point in the same turn of the
 * event loop: one commit for all of them, each still all or nothing on its own (a savepoint), so one that throws
 * leaves the others saved. A commit is the expensive part of a small write (the log, and under LiteFS a
 * replication file per transaction), so busy moments cost less per write, not more
 * (docs/decisions/0029-checkpoints-and-shared-commits.md). Resolves once the shared commit is done.
 */
export function inSharedCommit<T>(write: () => T): Promise<T> {
  if (!sharing) return new Promise<T>((resolve) => resolve(db.$client.transaction(write)()));
  return new Promise<T>((resolve, reject) => {
    queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
    if (queue.length === 1) setImmediate(commitQueued);
  });
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

// Made once: better-sqlite3 builds a transaction's wrapper functions when asked for one, not when it runs.
let commitBatch: ((batch: Pending[]) => Outcome[]) | undefined;
function batchCommitter(): (batch: Pending[]) => Outcome[] {
  const sqlite = db.$client;
  // Called inside the batch's transaction, better-sqlite3 makes this a savepoint: rolled back alone when it throws.
  const inSavepoint = sqlite.transaction((write: () => unknown) => write());
  return sqlite.transaction((batch: Pending[]) =>
    batch.map(({ write }): Outcome => {
      try {
        return { ok: true, value: inSavepoint(write) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
}

function commitQueued() {
  const batch = queue;
  queue = [];
  let outcomes: Outcome[];
  try {
    outcomes = (commitBatch ??= batchCommitter())(batch);
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
