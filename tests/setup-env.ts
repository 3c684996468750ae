import crypto from "node:crypto";
import path from "node:path";

// Each test file gets its own database file, so files running in parallel never share one.
process.env.DATABASE_PATH = path.join("tmp", "vitest", `${crypto.randomUUID()}.db`);
