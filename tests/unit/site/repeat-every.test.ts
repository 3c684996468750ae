import { afterEach, describe, expect, it, vi } from "vitest";
import { repeatEvery } from "~/jobs/job-steps.server";
import { lifecycle } from "~/lifecycle.server";

/* The timed jobs' timer (app/jobs/job-steps.server.ts): housekeeping and the weekly digest both run on it. */

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a timed job's timer", () => {
  it("runs first after its delay, then an interval after each run ends, a failed run logged and the next still due", async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    let finishRun = () => {};
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error("no disk"))
      .mockImplementation(() => new Promise<void>((resolve) => (finishRun = resolve)));
    const key = `maths-sprint.test-timer-${Math.random()}`;
    repeatEvery("Test job", key, run, { firstAfterMs: 100, everyMs: 1_000 });

    await vi.advanceTimersByTimeAsync(99);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("Test job: the run failed:", "no disk");

    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    // A run that takes long delays the next: the interval counts from its end.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(2);
    finishRun();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(3);
    finishRun();

    // Started again under the same key (the dev server loading the module again): still one timer.
    repeatEvery("Test job", key, run, { firstAfterMs: 100, everyMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(4);
    finishRun();

    // A graceful shutdown stops it.
    lifecycle.finishShutdown();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(4);
  });
});
