import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/*
 * Fixes to dependencies cannot ship silently unapplied (patches/README.md): the install fails on a patch that does
 * not apply, and the build fails when a patch's names are missing from the server bundle.
 */

const root = new URL("../../../", import.meta.url);
const read = (file: string) => fs.readFileSync(new URL(file, root), "utf8");
const patchFiles = fs.readdirSync(new URL("patches/", root)).filter((file) => file.endsWith(".patch"));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patch-check-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the build's check on a bundle with this text. */
function check(bundleText: string) {
  const bundle = path.join(dir, `bundle-${Math.random().toString(36).slice(2)}.js`);
  fs.writeFileSync(bundle, bundleText);
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-patches.js", bundle], {
    cwd: new URL(root).pathname,
    encoding: "utf8",
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** A bundle holding every line the patches add, as a patched build does. */
const patchedBundle = patchFiles
  .flatMap((file) => read(`patches/${file}`).split("\n"))
  .filter((line) => line.startsWith("+") && !line.startsWith("+++"))
  .map((line) => line.slice(1))
  .join("\n");

describe("the build's check of patches/", () => {
  it("passes a bundle that holds every patch", () => {
    expect(patchFiles.length).toBeGreaterThan(0);
    expect(check(patchedBundle)).toMatchObject({ status: 0 });
  });

  it("fails a bundle that lacks any one patch's names, naming the patch", () => {
    for (const file of patchFiles) {
      const name = /^\+(?:const|let|var|function)\s+([A-Za-z_$][\w$]*)/m.exec(read(`patches/${file}`))![1]!;
      const result = check(patchedBundle.replaceAll(name, "renamed"));
      expect(result.status, file).toBe(1);
      expect(result.output, file).toContain(`${file}: ${name}`);
    }
  });

  it("keeps a name a bundler renamed to avoid a clash", () => {
    expect(check(patchedBundle.replaceAll("dataRoutesCache", "dataRoutesCache$1")).status).toBe(0);
  });

  it("fails an unpatched bundle", () => {
    expect(check("function compilePath() {}\n").status).toBe(1);
  });

  it("runs in the build, after an install that fails on a patch that does not apply, everywhere", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts.postinstall).toBe("patch-package --error-on-fail");
    expect(scripts.build).toMatch(/&& tsx scripts\/check-patches\.js$/);
    const dockerfile = read("Dockerfile");
    const copyPatches = dockerfile.indexOf("COPY patches ./patches");
    expect(copyPatches).toBeGreaterThan(0);
    expect(copyPatches).toBeLessThan(dockerfile.indexOf("RUN npm ci"));
    expect(dockerfile).toMatch(/RUN npm run build\b/);
  });
});
