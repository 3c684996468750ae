/**
 * The server's time. Everything that times a game asks here (not Date.now() directly), so there is one
 * place to change if the clock ever needs to come from elsewhere; tests move it with fake timers.
 */
export function now(): number {
  return Date.now();
}
