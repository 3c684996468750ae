import { expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { loader } from "~/routes/boards/leaderboard";

// A file of its own: it closes the file's database connection, which no other test may find closed.

it("/leaderboard says the board failed to load, rather than failing the page, when the database does not answer", async () => {
  db.$client.close();
  // The failure is logged for the operator; here it is expected, so it is checked rather than printed.
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const request = new Request("http://x/leaderboard");
  expect(await loader({ request, params: {}, context: {} })).toMatchObject({ rows: { ok: false } });
  expect(logged).toHaveBeenCalledWith(
    expect.stringMatching(/leaderboard failed/),
    expect.objectContaining({ message: expect.stringMatching(/not open/) }),
  );
  logged.mockRestore();
});
