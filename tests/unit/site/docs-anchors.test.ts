import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Code comments point at docs by heading (docs/decisions/0012-comments-point-at-docs.md): a renamed heading, or a
 * link written from memory, leaves the reader at the top of a long page. Every `docs/<file>.md#<anchor>` named in
 * the code must be a heading of that file, with the anchor GitHub makes of it.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const SOURCES = ["app", "server", "scripts", "tests", "bench"];
const SKIPPED = new Set(["node_modules", "build", "results", ".data"]);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const LINK = /docs\/([\w./-]+\.md)#([\w-]+)/g;

function sourceFiles(at: string): string[] {
  if (!fs.existsSync(at)) return [];
  if (!fs.statSync(at).isDirectory()) return CODE.test(at) ? [at] : [];
  return fs
    .readdirSync(at)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => sourceFiles(path.join(at, name)));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of markdown.split("\n")) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    anchors.add(repeats ? `${slug}-${repeats}` : slug);
  }
  return anchors;
}

describe("links from the code into docs/", () => {
  it("makes GitHub's anchors", () => {
    const anchors = headingAnchors("# A page\n## Personal best and place\n### Members' menu & settings\n## A page");
    expect([...anchors]).toEqual(["a-page", "personal-best-and-place", "members-menu--settings", "a-page-1"]);
  });

  it("name headings that exist", () => {
    const anchorsOf = new Map<string, Set<string>>();
    const broken: string[] = [];
    const files = SOURCES.flatMap((source) => sourceFiles(path.join(ROOT, source)));
    for (const file of files) {
      for (const [link, doc, anchor] of fs.readFileSync(file, "utf8").matchAll(LINK)) {
        const docPath = path.join(ROOT, "docs", doc!);
        if (!anchorsOf.has(docPath)) {
          anchorsOf.set(docPath, fs.existsSync(docPath) ? headingAnchors(fs.readFileSync(docPath, "utf8")) : new Set());
        }
        if (!anchorsOf.get(docPath)!.has(anchor!)) broken.push(`${path.relative(ROOT, file)}: ${link}`);
      }
    }
    expect(files.length).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  });
});
