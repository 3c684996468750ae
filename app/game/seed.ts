// A run's seed from crypto-random bytes (the server's for a signed run, the browser's for a two-player match). A
// module of its own, so the pages that only replay a seed (app/game/prng.ts) do not carry it
// (docs/decisions/0026-client-weight-budget.md).

/** Hex text of crypto-random bytes, e.g. from crypto.getRandomValues or randomBytes. */
export function randomSeedFromBytes(bytes: Uint8Array): string {
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += (bytes[i] ?? 0).toString(16).padStart(2, "0");
  return hex;
}
