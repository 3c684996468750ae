/**
 * A value made on first use, not when its module loads: for what most requests never need. An Intl formatter takes
 * milliseconds to make, the first of a process longer (it loads the locale data), and a server start paid for
 * every one of them (docs/decisions/0027-performance-floors.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
