/**
 * Draws a value no row has yet and hands it to `write`: a value already in use is skipped, a clash the database
 * still refuses (its unique index: `isClash`) is drawn again, and after `attempts` draws `exhausted` is thrown.
 * The check and the write run in one synchronous step, so no other write of this process comes between them.
 * Login codes and short card keys both use it (app/school/login-codes.server.ts, short-keys.server.ts).
 */
export function withFreshDraw<T>(
  write: (value: string) => T,
  {
    draw,
    inUse,
    isClash,
    attempts,
    exhausted,
  }: {
    draw: () => string;
    inUse: (value: string) => boolean;
    isClash: (error: unknown) => boolean;
    attempts: number;
    exhausted: () => Error;
  },
): { value: string; written: T } {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = draw();
    if (inUse(value)) continue;
    try {
      return { value, written: write(value) };
    } catch (error) {
      if (!isClash(error)) throw error;
    }
  }
  throw exhausted();
}
