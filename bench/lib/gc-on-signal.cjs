// Preloaded into bench/feed.bench.ts's servers, ours and the floor alike (node --expose-gc --require <this>): a full
// garbage collection whenever the process gets SIGUSR2, so the bench can read the memory the open streams really
// hold rather than whatever garbage has not been collected yet. Nothing else changes.
process.on("SIGUSR2", () => globalThis.gc?.());
