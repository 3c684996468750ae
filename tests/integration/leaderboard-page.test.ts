import { describe, expect, it } from "vitest";
import { loader } from "~/routes/boards/leaderboard";

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} });

describe("/leaderboard loader", () => {
  it("reads the chosen board, falling back to daily normal for unknown tabs", async () => {
    expect(await loader(args("http://x/leaderboard?period=all-time&board=hard"))).toMatchObject({
      period: "all-time",
      board: "hard",
      rows: { ok: true },
    });
    expect(await loader(args("http://x/leaderboard?period=weekly&board=%00"))).toMatchObject({
      period: "daily",
      board: "normal",
      time: "all",
      rows: { ok: true },
    });
  });

  it("reads the chosen game length, and every game for any other value", async () => {
    expect(await loader(args("http://x/leaderboard?board=extreme&time=120"))).toMatchObject({
      board: "extreme",
      time: "120",
      rows: { ok: true },
    });
    for (const odd of ["45", "all", "-30", "30.0", "1e2", "%F0%9F%98%80", ""]) {
      expect(await loader(args(`http://x/leaderboard?time=${odd}`))).toMatchObject({ time: "all", rows: { ok: true } });
    }
  });
});
