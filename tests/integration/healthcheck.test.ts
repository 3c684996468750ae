import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { loader } from "~/routes/site/healthcheck";

describe("/healthcheck", () => {
  it("answers 200 while the database answers, and 503 once it does not", async () => {
    const ok = loader();
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("OK");
    db.$client.close();
    // The failure is logged for the operator; here it is expected, so it is checked rather than printed.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const down = loader();
    expect(down.status).toBe(503);
    expect(await down.text()).toBe("Database unavailable");
    expect(logged).toHaveBeenCalledWith(
      "healthcheck failed",
      expect.objectContaining({ message: expect.stringMatching(/not open/) }),
    );
    logged.mockRestore();
  });
});
