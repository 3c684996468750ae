import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers/axe";
import { makeSchool } from "./helpers/school";

/*
 * A pupil's own games (docs/product.md#a-pupils-own-games): logged in with their code, every play link they can
 * reach leads to their own game with their teacher's settings, and the public games' routes send them there or
 * refuse kindly, so a pupil's play never reaches a public board.
 */

const REFUSAL =
  "You are logged in with your class code, so this game cannot go on a public board. Play your own game from My maths.";

/** Where a game is played or started: any path of these is a game's door. */
const GAME_PATHS = /^\/(game|daily-challenge|student-game|two-player|live)(\/|$)/;
/** A pupil's own game pages. */
const OWN = /^\/student-game(\/|$)/;

async function logIn(page: Page, code: string) {
  await page.goto("/student-login");
  await page.getByLabel("Login code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/student-game$/);
}

/** The same-origin paths a page links to or sends a GET form to (the logout is a POST form, and left alone). */
function doorsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a [^>]*href="([^"#]*)/g)) found.add(match[1]!.replaceAll("&amp;", "&"));
  for (const match of html.matchAll(/<form [^>]*>/g)) {
    const tag = match[0];
    if (/method="post"/i.test(tag)) continue;
    const action = /action="([^"]*)"/.exec(tag)?.[1];
    if (action) found.add(action.replaceAll("&amp;", "&"));
  }
  return [...found].filter((href) => href.startsWith("/") && !href.startsWith("//"));
}

test.describe("a pupil's own games", () => {
  test.describe.configure({ timeout: 90_000 });

  test("every play link a logged-in pupil can reach leads to their own game", async ({ page }) => {
    const name = `Doors${crypto.randomBytes(3).toString("hex")}`;
    const school = makeSchool([[{ name, allowedOperations: ["multiplication"], timesTables: ["7"] }]]);
    await logIn(page, school.classes[0]!.students[0]!.code);

    // Every page of the site the pupil can reach in two steps from home and their own pages, read as they read it.
    const seen = new Set<string>();
    let frontier = ["/", "/student-game", "/student-progress"];
    const gameDoors = new Set<string>();
    for (let depth = 0; depth < 2; depth++) {
      const next: string[] = [];
      for (const path of frontier) {
        if (seen.has(path) || path.startsWith("/student-logout")) continue;
        seen.add(path);
        const response = await page.request.get(path);
        const landed = new URL(response.url()).pathname;
        if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
        for (const door of doorsOf(await response.text())) {
          if (GAME_PATHS.test(new URL(door, "http://x").pathname)) gameDoors.add(door);
          else if (!seen.has(door) && !landed.startsWith("/auth")) next.push(door);
        }
      }
      frontier = next;
    }
    // The public games' own addresses too, as a pupil might type or follow them from a bookmark.
    for (const path of [
      "/game",
      "/game/play",
      "/game/calm",
      "/game/calm/play",
      "/game/tables",
      "/game/tables?tables=7",
    ])
      gameDoors.add(path);
    for (const path of ["/game/practice", "/game/mtc", "/game/mtc/play", "/daily-challenge", "/game?difficulty=hard"])
      gameDoors.add(path);
    expect(gameDoors.size).toBeGreaterThan(10);

    for (const door of gameDoors) {
      const response = await page.request.get(door);
      const landed = new URL(response.url());
      // Two-player is a match on one device that keeps no score anywhere; the live game is its host's.
      if (/^\/(two-player|live)(\/|$)/.test(landed.pathname)) continue;
      expect(landed.pathname, `${door} leads to ${landed.pathname}${landed.search}`).toMatch(OWN);
      expect(response.status(), door).toBe(200);
    }

    // The public runs' start and finish refuse kindly, writing nothing.
    const start = await page.request.get("/game/start?difficulty=normal&operations=addition&timeLimit=60");
    expect(start.status()).toBe(403);
    expect(JSON.stringify(await start.json())).toContain(REFUSAL);
    const finish = await page.request.post("/game/finish", { data: { token: "x", answers: [] } });
    expect(finish.status()).toBe(403);
    expect(await finish.json()).toMatchObject({ ok: false, message: REFUSAL });
  });

  for (const size of [
    { width: 320, height: 568 },
    { width: 1366, height: 768 },
  ]) {
    test(`the header's Play opens the pupil's own game at ${size.width} × ${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      const name = `Doors${crypto.randomBytes(3).toString("hex")}`;
      const school = makeSchool([[{ name, allowedOperations: ["multiplication"], timesTables: ["7"] }]]);
      await logIn(page, school.classes[0]!.students[0]!.code);
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      if (size.width <= 600) await page.getByText("Menu", { exact: true }).click();
      // No public challenge for a pupil: their Play is their own game.
      await expect(nav.getByRole("link", { name: "Daily Challenge" })).toHaveCount(0);
      await nav.getByRole("link", { name: "Play", exact: true }).click();
      await expect(page).toHaveURL(/\/student-game\?ready=1$/);
      const dialog = page.getByRole("dialog", { name: /Ready\?/ });
      await expect(dialog).toBeVisible();
      // The pupil's own game: its start asks for a run made from their teacher's settings.
      await expect(dialog.getByRole("button", { name: "Let’s go!" })).toBeVisible();
      await expectAccessible(page);
      // The home page's own buttons lead there too.
      await page.goto("/");
      await page.getByRole("link", { name: "Start Playing" }).first().click();
      await expect(page).toHaveURL(/\/student-game\?ready=1$/);
      await expect(dialog).toBeVisible();
    });
  }
});
