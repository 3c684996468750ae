import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * No drift between what the words name and what the tree holds (issue 42, "No drift"): every repository path named
 * in a code comment (app/, server/, bench/, scripts/, tests/ and the configuration files at the root) or in a doc
 * (README.md, docs/**) must exist. A path is a token that starts with one of the repository's folders below and is
 * not part of a longer path or address (`/app/server/…` in the image, `https://…/docs/…` are not ours); a trailing
 * `#anchor` is docs-anchors.test.ts's to check. A token with a placeholder or a glob (`<name>`, `*`, `{a,b}`, `$X`,
 * `…`) names a family, not a file, and is skipped; so is a path under a folder git ignores (`bench/.data/`, `data/`).
 * In docs, a relative Markdown link (`[0026](0026-client-weight-budget.md)`) must reach a file too.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const FOLDERS = ["app", "server", "docs", "bench", "tests", "scripts", "drizzle", "public", "patches", ".ci"];
const PATH = new RegExp(
  String.raw`(?<![\w./~@-])((?:${FOLDERS.map((f) => f.replace(".", String.raw`\.`)).join("|")})/[\w.@/<>*{},$…-]*)`,
  "g",
);
const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;
const FAMILY = /[<>*{},$…]/;
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

type Named = { file: string; line: number; token: string };

const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file && fs.existsSync(path.join(ROOT, file)));
const folders = new Set(tracked.flatMap((file) => file.split("/").map((_, i, parts) => parts.slice(0, i).join("/"))));
const files = new Set(tracked);

/** Comments of a source file, each with the line it starts on (the TypeScript parser knows strings from comments). */
function commentsOf(file: string, text: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const seen = new Map<number, { text: string; line: number }>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      seen.set(range.pos, { text: text.slice(range.pos, range.end), line });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...seen.values()];
}

function pathsIn(text: string, firstLine: number, file: string): Named[] {
  const named: Named[] = [];
  text.split("\n").forEach((lineText, i) => {
    for (const [, raw] of lineText.matchAll(PATH)) {
      named.push({ file, line: firstLine + i, token: raw!.replace(/[.,:;]+$/, "") });
    }
  });
  return named;
}

function markdownLinksIn(text: string, file: string): Named[] {
  const named: Named[] = [];
  text.split("\n").forEach((lineText, i) => {
    for (const [, target] of lineText.matchAll(MARKDOWN_LINK)) {
      if (/^[a-z]+:/i.test(target!) || target!.startsWith("/")) continue;
      const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), target!));
      named.push({ file, line: i + 1, token: joined });
    }
  });
  return named;
}

/**
 * Paths a doc names on purpose though the tree no longer holds them: a decision records what was there when it was
 * taken. Each with the reason; the test fails when one comes back or is no longer named, so the list stays short.
 */
const HISTORY: Record<string, string> = {
  "docs/decisions/0043-one-student-service.md app/routes/admin/admin.server.ts": "the module this decision split up",
};

/**
 * Whether a named path is in the tree: a file, a folder, a module named without its extension, or a decision by its
 * number alone (`docs/decisions/0072`).
 */
function exists(token: string): boolean {
  const bare = token.replace(/\/+$/, "");
  if (files.has(bare) || folders.has(bare)) return true;
  if (/^docs\/decisions\/\d{4}$/.test(bare)) return tracked.some((file) => file.startsWith(`${bare}-`));
  return [".ts", ".tsx", ".js", ".d.ts"].some((ext) => files.has(bare + ext));
}

function ignoredByGit(token: string): boolean {
  try {
    execFileSync("git", ["check-ignore", "-q", "--no-index", token.replace(/\/+$/, "")], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

let named: Named[] | undefined;

function namedPaths(): Named[] {
  named ??= findNamedPaths();
  return named;
}

function findNamedPaths(): Named[] {
  const named: Named[] = [];
  const sources = tracked.filter(
    (file) => CODE.test(file) && (/^(app|server|bench|scripts|tests)\//.test(file) || !file.includes("/")),
  );
  for (const file of sources) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    // Parsing is the slow part: a file that names no path anywhere names none in its comments.
    if (!PATH.test(text)) continue;
    PATH.lastIndex = 0;
    for (const comment of commentsOf(file, text)) named.push(...pathsIn(comment.text, comment.line, file));
  }
  const docs = tracked.filter((file) => file === "README.md" || /^docs\/.*\.md$/.test(file));
  for (const file of docs) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    named.push(...pathsIn(text, 1, file), ...markdownLinksIn(text, file));
  }
  return named;
}

/** The paths named in words that the tree does not hold, one line each: where it is named, then the path. */
function missingPaths(): string[] {
  const missing = namedPaths().filter(({ token }) => !FAMILY.test(token) && !exists(token));
  const real = missing.filter(({ file, token }) => !(`${file} ${token}` in HISTORY) && !ignoredByGit(token));
  return real.map(({ file, line, token }) => `${file}:${line} names ${token}, which does not exist`);
}

describe("paths named in comments and docs", () => {
  it("finds the paths it should", () => {
    expect(pathsIn("see app/db/litefs.server.ts, and docs/product.md#rate-limits.", 7, "a.ts")).toEqual([
      { file: "a.ts", line: 7, token: "app/db/litefs.server.ts" },
      { file: "a.ts", line: 7, token: "docs/product.md" },
    ]);
    expect(pathsIn("/app/server/ops/db-backup.js https://x.example/docs/product.md ~/app/x", 1, "a.ts")).toEqual([]);
    expect(pathsIn("bench/results/<name>.json, bench/*<name>*.bench.ts", 1, "a.ts").map((p) => p.token)).toEqual([
      "bench/results/<name>.json",
      "bench/*<name>*.bench.ts",
    ]);
    const decision = "0026-client-weight-budget.md";
    expect(markdownLinksIn(`[x](${decision}#b) [y](https://x.example) [z](#here)`, "docs/decisions/README.md")).toEqual(
      [{ file: "docs/decisions/README.md", line: 1, token: `docs/decisions/${decision}` }],
    );
    expect(commentsOf("a.ts", 'const a = "app/not-a-comment.ts"; // app/in-a-comment.ts\n').map((c) => c.text)).toEqual(
      ["// app/in-a-comment.ts"],
    );
  });

  it("all exist", () => {
    expect(tracked.length).toBeGreaterThan(500);
    expect(missingPaths()).toEqual([]);
  });

  it("keep their history list true", () => {
    const named = new Set(namedPaths().map(({ file, token }) => `${file} ${token}`));
    const stale = Object.keys(HISTORY).filter((entry) => !named.has(entry) || exists(entry.split(" ")[1]!));
    expect(stale).toEqual([]);
  });
});
