// The "New Daily Challenge Starts In:" countdown, computed from values passed in.

const DAY_MS = 86_400_000;

/**
 * Milliseconds from `nowMs` to the player's next local midnight. `tzOffsetMinutes` is what
 * Date#getTimezoneOffset returns (UTC minus local, e.g. -60 in British Summer Time). The offset in
 * force now is used, so a daylight-saving change before midnight shifts the end by that hour.
 * At exactly midnight the answer is a full day: the new challenge has just begun.
 */
export function msUntilLocalMidnight(nowMs: number, tzOffsetMinutes: number): number {
  const localMs = nowMs - tzOffsetMinutes * 60_000;
  const intoDay = ((localMs % DAY_MS) + DAY_MS) % DAY_MS;
  return DAY_MS - intoDay;
}

/** 'HH:MM:SS', whole seconds rounded down; a negative time shows as 00:00:00. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
}
