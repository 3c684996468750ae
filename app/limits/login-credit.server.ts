import { now } from "~/utils/clock.server";
import { clearedWithLimits } from "./rate-limit.server";

/*
 * Address credit for the code logins (docs/decisions/0038-logins-a-right-code-opens.md): a place where teachers
 * and pupils have logged in with right codes has shown it is real, and may have some wrong codes checked without
 * drawing on the site's pool. Each account that logged in from an address in the last 7 days gives it
 * `perAccount` wrong codes a day, at most `perAddress` whatever the number of accounts (credit pays only for wrong
 * codes nobody explained, so a school's real give-ups fit, and an insider gets no more than anyone there); one
 * account vouches for at most `addressesPerAccount` addresses a week, so one pupil's own code earns an attacker 6
 * checks a day, not one per address they can reach.
 */
const DAY = 24 * 60 * 60_000;

export const LOGIN_CREDIT = { perAccount: 2, perAddress: 6, addressesPerAccount: 3, lastsMs: 7 * DAY };

/** Addresses and accounts kept at most, each; past that the longest quiet go first (as in the limiter). */
const MAX_KEYS = 50_000;

/** address → (account → its last right login from there), each inner map in order of that time. */
const accountsAt = new Map<string, Map<string, number>>();
/** account → (address → the last time it vouched for it). */
const addressesOf = new Map<string, Map<string, number>>();

clearedWithLimits(() => {
  accountsAt.clear();
  addressesOf.clear();
});

/** The inner map for `key`, moved to the end (most recent); made when missing, the oldest dropped if full. */
function touched(store: Map<string, Map<string, number>>, key: string): Map<string, number> {
  const inner = store.get(key) ?? new Map<string, number>();
  store.delete(key);
  if (store.size >= MAX_KEYS) store.delete(store.keys().next().value!);
  store.set(key, inner);
  return inner;
}

/** Drops the entries older than a week (they are in time order, so it stops at the first fresh one). */
function fresh(times: Map<string, number> | undefined, at: number): Map<string, number> {
  if (!times) return new Map();
  for (const [key, time] of times) {
    if (at - time < LOGIN_CREDIT.lastsMs) break;
    times.delete(key);
  }
  return times;
}

/** A right code for `account` from `address`: the address earns credit, unless the account vouches for 3 others. */
export function vouchFor(address: string | null, account: string): void {
  if (address === null) return;
  const at = now();
  const addresses = fresh(touched(addressesOf, account), at);
  if (!addresses.has(address) && addresses.size >= LOGIN_CREDIT.addressesPerAccount) return;
  addresses.delete(address);
  addresses.set(address, at);
  const accounts = fresh(touched(accountsAt, address), at);
  accounts.delete(account);
  accounts.set(account, at);
}

/** Wrong codes a day the address may have checked on its credit (0: a new place). */
export function creditOf(address: string | null): number {
  if (address === null) return 0;
  const accounts = fresh(accountsAt.get(address), now()).size;
  return Math.min(LOGIN_CREDIT.perAccount * accounts, LOGIN_CREDIT.perAddress);
}
