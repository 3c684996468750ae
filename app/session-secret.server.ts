import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The file beside the database that holds a production server's own secret when SESSION_SECRET is not set. */
export function sessionSecretFileOf(databasePath: string): string {
  return path.join(path.dirname(path.resolve(databasePath)), "session-secret");
}

/**
 * The secret a single-machine production server signs with when none is set (docs/decisions/0077-npm-start-runs-production.md):
 * made once from 32 random bytes, kept in the data folder (readable by its owner only) and read on every later
 * start, so sessions, printed login cards (docs/decisions/0070-logins-that-no-guesser-can-close.md) and digest links
 * outlive a restart. A file that is there but too short is an error, never replaced: replacing it would break every
 * printed card.
 */
export function keptSessionSecret(databasePath: string): { secret: string; file: string; made: boolean } {
  const file = sessionSecretFileOf(databasePath);
  const read = () => {
    const secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length < 32)
      throw new Error(`${file} holds a secret under 32 characters: set SESSION_SECRET or mend it`);
    return { secret, file, made: false };
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process made it first: both use that one.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return read();
    throw error;
  }
  return { secret, file, made: true };
}
