import fs from "node:fs";
import path from "node:path";
import type { FullConfig, FullResult, Reporter } from "@playwright/test/reporter";

type Options = {
  /** The server's output, relative to the config file (see webServer in playwright.config.ts). */
  log: string;
  /** Text of the errors the suite provokes on purpose; their log entries are not reported. */
  expected: string[];
};

/**
 * The end-to-end server writes to a log file rather than through the test output, where the errors the
 * suite provokes on purpose (a render error, say) would print stack traces into every passing run. At the
 * end this says where the log is when anything failed, and brings any error nobody asked for into view.
 */
export default class ServerLogReporter implements Reporter {
  private file = "";

  constructor(private readonly options: Options) {}

  onBegin(config: FullConfig) {
    this.file = path.resolve(config.configFile ? path.dirname(config.configFile) : process.cwd(), this.options.log);
  }

  onEnd(result: FullResult) {
    const shown = path.relative(process.cwd(), this.file);
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch {
      if (result.status !== "passed") console.log(`\nNo server log at ${shown}.`);
      return;
    }
    const unexpected = entries(text).filter(
      (entry) => !/ listening on http/.test(entry) && !this.options.expected.some((text) => entry.includes(text)),
    );
    if (unexpected.length > 0) {
      console.log(`\nThe server logged ${unexpected.length} unexpected message(s); the whole log is ${shown}:`);
      for (const entry of unexpected.slice(0, 10)) console.log(`  ${entry.split("\n")[0]}`);
    } else if (result.status !== "passed") {
      console.log(`\nThe server's output is in ${shown}.`);
    }
  }
}

/** Log entries: a line that starts at the margin, with the indented lines (a stack trace) and closing brackets after it. */
function entries(text: string): string[] {
  const result: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (/^[\s}\])]/.test(line) && result.length > 0) result[result.length - 1] += `\n${line}`;
    else result.push(line);
  }
  return result;
}
