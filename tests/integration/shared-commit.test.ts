import { beforeEach, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { inSharedCommit } from "~/db/shared-commit.server";

/* Finishes arriving together share one commit, each still all or nothing (docs/decisions/0029-checkpoints-and-shared-commits.md). */

const sqlite = db.$client;
sqlite.exec("CREATE TABLE IF NOT EXISTS shared_commit_probe (name TEXT PRIMARY KEY)");
const insert = sqlite.prepare("INSERT INTO shared_commit_probe (name) VALUES (?)");
const names = () =>
  (sqlite.prepare("SELECT name FROM shared_commit_probe ORDER BY name").pluck().all() as string[]).join(",");
// Each test starts from an empty table, whatever ran before it.
beforeEach(() => {
  sqlite.exec("DELETE FROM shared_commit_probe");
});

it("writes of the same moment run in one transaction, in order, and each resolves with its own value", async () => {
  const seen: boolean[] = [];
  const results = await Promise.all(
    ["a", "b", "c"].map((name) =>
      inSharedCommit(() => {
        seen.push(sqlite.inTransaction);
        insert.run(name);
        return name.toUpperCase();
      }),
    ),
  );
  expect(results).toEqual(["A", "B", "C"]);
  expect(seen).toEqual([true, true, true]);
  expect(sqlite.inTransaction).toBe(false);
  expect(names()).toBe("a,b,c");
});

it("a write that throws is undone alone: the others of its commit are saved", async () => {
  insert.run("a");
  const outcomes = await Promise.allSettled([
    inSharedCommit(() => insert.run("d")),
    inSharedCommit(() => {
      insert.run("e");
      insert.run("a"); // already there: the unique key refuses it, and "e" goes with it
    }),
    inSharedCommit(() => insert.run("f")),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
  expect(names()).toBe("a,d,f");
});

it("a write queued from inside a commit's results goes into the next commit", async () => {
  const second = await inSharedCommit(() => insert.run("g")).then(() => inSharedCommit(() => insert.run("h")));
  expect(second.changes).toBe(1);
  expect(names()).toBe("g,h");
});
