import type * as Argon2 from "@node-rs/argon2";

/*
 * Passwords are hashed with argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) and never more than a few at
 * once: each hash holds 19 MiB for tens of milliseconds, so a burst of sign-ins could otherwise exhaust memory.
 * Past the queue's ceiling a request is refused at once (docs/decisions/0014-accounts-and-sessions.md).
 */
// Algorithm.Argon2id: the package's enum is a `const enum`, which has no value at run time.
const ARGON2ID = 2 as Argon2.Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

// The native argon2 binding is loaded on the first hash, not when the server starts: most requests never need it.
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import("@node-rs/argon2"));

const MAX_RUNNING = 4;
const MAX_WAITING = 200;
let running = 0;
const waiting: Array<() => void> = [];

/** Thrown when too many hashes are queued; the caller answers 503 with a plain message. */
export class HashQueueFull extends Error {
  constructor() {
    super("Too many sign-ins at once. Please try again in a moment.");
    this.name = "HashQueueFull";
  }
}

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new HashQueueFull();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(async () => (await loadArgon2()).hash(password, ARGON2_OPTIONS));
}

/** Whether `password` matches `stored`; a malformed stored hash counts as no match. */
export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return limited(async () => (await loadArgon2()).verify(stored, password).catch(() => false));
}

/** A hash of nothing in particular, checked when no account matches, so a miss takes as long as a wrong password. */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= loadArgon2().then(({ hash }) => hash("decoy password, never valid", ARGON2_OPTIONS));
  await verifyPassword(await decoy, password);
  return false;
}

/** For tests: how many hashes run and wait now. */
export function hashQueueState() {
  return { running, waiting: waiting.length, maxRunning: MAX_RUNNING };
}
