import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The folder boundaries in eslint.config.js, proved on small snippets linted as if they stood at a given
 * path (the path decides which rules apply). A boundary that stops failing here has been weakened.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL("../../..", import.meta.url)) });

async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) =>
      ["no-restricted-imports", "no-restricted-properties", "no-restricted-syntax"].includes(m.ruleId ?? ""),
    )
    .map((m) => m.message);
}

describe("lint boundaries", () => {
  it("components never import server modules, models, db or auth", async () => {
    const file = "app/components/__fixture__.tsx";
    const serverModule = await restrictions(
      file,
      `import { getPlayer } from "~/utils/flash.server";\nexport const x = getPlayer;\n`,
    );
    expect(serverModule).toEqual([expect.stringContaining("never imports server modules")]);
    const relativeServer = await restrictions(
      file,
      `import { y } from "../utils/clock.server";\nexport const x = y;\n`,
    );
    expect(relativeServer).toHaveLength(1);
    for (const folder of [
      "models/leaderboard.server",
      "db/schema",
      "auth/player.server",
      "runs/tokens.server",
      "limits/game-limits.server",
    ]) {
      expect(await restrictions(file, `import { y } from "~/${folder}";\nexport const x = y;\n`)).not.toEqual([]);
    }
    expect(await restrictions(file, `import { z } from "zod";\nexport const x = z;\n`)).toEqual([
      expect.stringContaining("zod stays out of browser bundles"),
    ]);
    expect(
      await restrictions(file, `import { formatProblem } from "~/game";\nexport const x = formatProblem;\n`),
    ).toEqual([]);
  });

  it("the engine imports only itself and never reads the clock or Math.random", async () => {
    const file = "app/game/__fixture__.ts";
    for (const specifier of ["react", "~/utils/meta", "../utils/meta", "node:crypto"]) {
      expect(await restrictions(file, `import * as m from "${specifier}";\nexport const x = m;\n`)).toEqual([
        expect.stringContaining("pure leaf"),
      ]);
    }
    expect(await restrictions(file, `import { rngFor } from "./prng";\nexport const x = rngFor;\n`)).toEqual([]);
    expect(await restrictions(file, "export const a = Date.now();\n")).toHaveLength(1);
    expect(await restrictions(file, "export const a = new Date();\n")).toHaveLength(1);
    expect(await restrictions(file, "export const a = Math.random();\n")).toHaveLength(1);
    expect(await restrictions(file, "export const a = new Date(0);\n")).toEqual([]);
  });

  it("models never import routes or components", async () => {
    const file = "app/models/__fixture__.server.ts";
    expect(
      await restrictions(file, `import { loader } from "~/routes/game/results";\nexport const x = loader;\n`),
    ).toHaveLength(1);
    expect(
      await restrictions(
        file,
        `import { BoardTable } from "~/components/leaderboard/board-table";\nexport const x = BoardTable;\n`,
      ),
    ).toHaveLength(1);
    expect(await restrictions(file, `import { db } from "~/db/client.server";\nexport const x = db;\n`)).toEqual([]);
  });

  it("the schema is a leaf", async () => {
    const file = "app/db/schema.ts";
    expect(
      await restrictions(file, `import { OPERATIONS } from "~/game";\nexport const x = OPERATIONS;\n`),
    ).toHaveLength(1);
    expect(
      await restrictions(
        file,
        `import { sqliteTable } from "drizzle-orm/sqlite-core";\nexport const x = sqliteTable;\n`,
      ),
    ).toEqual([]);
  });

  it("a route imports its own private helpers, never another area's", async () => {
    const file = "app/routes/daily/__fixture__.tsx";
    expect(
      await restrictions(file, `import { playUrl } from "../game/play.server";\nexport const x = playUrl;\n`),
    ).toHaveLength(1);
    expect(
      await restrictions(file, `import { playUrl } from "~/routes/game/play.server";\nexport const x = playUrl;\n`),
    ).toHaveLength(1);
    expect(await restrictions(file, `import { h } from "./helpers.server";\nexport const x = h;\n`)).toEqual([]);
    expect(
      await restrictions(
        file,
        `import { challengeTop } from "~/models/leaderboard.server";\nexport const x = challengeTop;\n`,
      ),
    ).toEqual([]);
    expect(
      await restrictions(
        "app/runs/__fixture__.server.ts",
        `import { playUrl } from "~/routes/game/play.server";\nexport const x = playUrl;\n`,
      ),
    ).toHaveLength(1);
  });

  it("browser-side utils and shared types stay free of server code", async () => {
    expect(
      await restrictions("app/utils/__fixture__.ts", `import { now } from "./clock.server";\nexport const x = now;\n`),
    ).toHaveLength(1);
    expect(
      await restrictions(
        "app/utils/__fixture__.server.ts",
        `import { now } from "./clock.server";\nexport const x = now;\n`,
      ),
    ).toEqual([]);
    expect(
      await restrictions(
        "app/types/__fixture__.ts",
        `import type { Player } from "~/auth/player.server";\nexport type X = Player;\n`,
      ),
    ).toHaveLength(1);
  });
});
