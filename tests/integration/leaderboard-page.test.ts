import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { loader } from "~/routes/boards/leaderboard";

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

describe("/leaderboard loader", () => {
  it("reads the chosen board, falling back to daily normal for unknown tabs", async () => {
    expect(await loader(args("http://x/leaderboard?period=all-time&board=hard"))).toMatchObject({
      period: "all-time",
      board: "hard",
      failed: false,
    });
    expect(await loader(args("http://x/leaderboard?period=weekly&board=%00"))).toMatchObject({
      period: "daily",
      board: "normal",
      failed: false,
    });
  });

  it("says the board failed to load, rather than failing the page, when the database does not answer", async () => {
    db.$client.close();
    expect(await loader(args("http://x/leaderboard"))).toMatchObject({ rows: [], failed: true });
  });
});
