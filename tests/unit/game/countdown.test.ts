import { describe, expect, it } from "vitest";
import { formatCountdown, msUntilLocalMidnight } from "../../../app/game";

const HOUR = 3_600_000;

describe("msUntilLocalMidnight", () => {
  const noonUtc = Date.UTC(2025, 5, 1, 12, 0, 0);

  it("counts to midnight in UTC", () => {
    expect(msUntilLocalMidnight(noonUtc, 0)).toBe(12 * HOUR);
  });

  it("counts to local midnight using the getTimezoneOffset sign (UTC minus local)", () => {
    expect(msUntilLocalMidnight(noonUtc, -60)).toBe(11 * HOUR); // British Summer Time: 13:00 local
    expect(msUntilLocalMidnight(noonUtc, 300)).toBe(17 * HOUR); // New York winter: 07:00 local
    expect(msUntilLocalMidnight(noonUtc, -330)).toBe(6.5 * HOUR); // India: 17:30 local
  });

  it("gives a full day at midnight and 1 ms just before", () => {
    const midnight = Date.UTC(2025, 5, 2);
    expect(msUntilLocalMidnight(midnight, 0)).toBe(24 * HOUR);
    expect(msUntilLocalMidnight(midnight - 1, 0)).toBe(1);
  });

  it("works before 1970 too", () => {
    expect(msUntilLocalMidnight(Date.UTC(1969, 11, 31, 18), 0)).toBe(6 * HOUR);
  });
});

describe("formatCountdown", () => {
  it("shows HH:MM:SS", () => {
    expect(formatCountdown(0)).toBe("00:00:00");
    expect(formatCountdown(1999)).toBe("00:00:01");
    expect(formatCountdown(3_661_000)).toBe("01:01:01");
    expect(formatCountdown(24 * HOUR - 1)).toBe("23:59:59");
    expect(formatCountdown(24 * HOUR)).toBe("24:00:00");
  });

  it("shows a negative time as zero", () => {
    expect(formatCountdown(-5000)).toBe("00:00:00");
  });
});
