import type { Player } from "~/auth/player.server";
import { MTC_AGAIN } from "~/components/game/mtc-parts";
import { parseCalmStart } from "~/forms/calm-settings.server";
import { parseTablesSettings } from "~/forms/tables-settings.server";
import { DEFAULT_MTC_QUESTION_SECONDS } from "~/game";
import { getMemberProfile } from "~/models/users.server";
import type { GamePage, StartPage } from "~/pages/game-page.server";
import { redirect } from "@remix-run/node";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { dailyPanelRows } from "~/models/leaderboard.server";
import { parsePanelParam } from "~/utils/board-names";
import { tryRead } from "~/utils/http.server";
import type { SubmissionResult } from "@conform-to/react";
import { mtcSpec } from "~/runs/mtc.server";
import { focusOfRun, opsOfFacts, practiceSpec, soloPracticeScope } from "~/runs/practice.server";
import { defaultSoloSettings, soloSettingsFrom, type SoloSettings } from "~/utils/solo-settings";
import { defaultTablesSettings, tablesSpec } from "~/utils/tables-settings";
import {
  lastCalmSettings,
  lastSoloSettings,
  lastTablesSettings,
  playsCalmly,
  rememberCalmSettings,
  rememberSoloSettings,
  savedSoloChoices,
} from "./last-settings.server";
import { specFromStartParams } from "./start-params.server";

/*
 * The parts of each game page of visitors and members that are their own (docs/product.md#solo-game): the rest is the
 * one skeleton's (app/pages/game-page.server.ts, docs/decisions/0080-game-page-skeleton-and-weight.md).
 */

const NEW_GAME = "Start a new game";

/**
 * Asks /game for the Daily Leaderboard panel too, `panel=hard-30` naming its board: the results of a game played in
 * the page fetch it so.
 */
const WITH_PANEL = "panel";
/** `/game?clock=1`: the timed game once, for a player who plays calmly (docs/product.md#calm-play). */
const WITH_CLOCK = "clock";

/**
 * The solo game's start (docs/product.md#solo-game), /game: the lightest page a child loads, so a start form only
 * (`StartPage`); its island starts at /game/start, its form without JavaScript at /game/play. The start dialog's
 * choices are the link's own, else a member's saved game settings or a visitor's last game's; the start screen shows
 * no board, the panel beside the island's results is read only when they ask for it
 * (docs/decisions/0033-kept-markup-for-boards.md).
 */
export const SOLO_PAGE: StartPage<{
  defaults: SoloSettings;
  result: SubmissionResult<string[]> | undefined;
  board: ReturnType<typeof tryRead<ReturnType<typeof dailyPanelRows>>> | null;
}> = {
  audience: "site",
  async choose({ request, player }) {
    const query = new URL(request.url).searchParams;
    // A link naming times tables (`/game?tables=7`) is for the times-tables game (docs/product.md#times-tables-game).
    if (query.has("tables")) throw redirect(`/game/tables?${query.toString()}`);
    const withPanel = query.has(WITH_PANEL);
    const shows = parsePanelParam(query.get(WITH_PANEL));
    // A member's `Play calmly`, or a visitor's `Always play calmly on this browser`, leads to the calm game, unless
    // they asked for the clock (docs/product.md#calm-play).
    const choices = await savedSoloChoices(request, player);
    if (!withPanel && !query.has(WITH_CLOCK) && choices.calm) throw redirect("/game/calm");
    query.delete(WITH_PANEL);
    query.delete(WITH_CLOCK);
    const parsed = query.size > 0 ? parseSoloSettings(query) : null;
    const saved = parsed ? null : choices.settings;
    return {
      defaults: saved ?? (parsed?.ok ? parsed.value : defaultSoloSettings()),
      result: parsed && !parsed.ok ? parsed.result : undefined,
      board: withPanel ? tryRead("the daily leaderboard", () => dailyPanelRows(player, shows)) : null,
    };
  },
};
const CANNOT_START = "This game cannot start";

/** A member's saved game settings, else a visitor's last game's. */
async function soloChoices(request: Request, player: Player | null): Promise<SoloSettings | null> {
  return player?.kind === "member"
    ? soloSettingsFrom(getMemberProfile(player.userId)?.soloSettings)
    : await lastSoloSettings(request);
}

/**
 * The times-tables game (docs/product.md#times-tables-game): the link's own tables (`tables=7&tables=8`), else the
 * last game's, else none; played page by page at /game/play.
 */
export const TABLES_PAGE: GamePage<{ defaults: ReturnType<typeof defaultTablesSettings> }> = {
  path: "/game/tables",
  pagedPath: "/game/play",
  modes: ["tables"],
  notThisMode: "This game is not a times tables game.",
  audience: "site",
  refusal: { title: CANNOT_START, againTo: "/game/tables", againLabel: NEW_GAME },
  async choose({ request }) {
    const query = new URL(request.url).searchParams;
    // A link may name its own settings; a refused one shows its message, the rest as sent.
    if (!query.has("tables")) return { defaults: (await lastTablesSettings(request)) ?? defaultTablesSettings() };
    const parsed = parseTablesSettings(query);
    if (parsed.ok) return { defaults: parsed.value };
    return { kind: "choose", choose: { defaults: defaultTablesSettings() }, result: parsed.result };
  },
  start({ form }) {
    // The form always sends the boxes ticked: none is refused beside them.
    const parsed = parseTablesSettings(form, { noOperationsMeansNone: true });
    if (!parsed.ok) return { kind: "choose", choose: { defaults: defaultTablesSettings() }, result: parsed.result };
    return { kind: "start", spec: () => tablesSpec(parsed.value) };
  },
  // The form shows these settings again next time.
  remember: ({ request, headers, player, spec }) => rememberSoloSettings(request, headers, player, spec),
};

type CalmChoices = {
  defaults: { difficulty: SoloSettings["difficulty"]; operations: SoloSettings["operations"]; always: boolean };
  member: boolean;
};

async function calmChoices(request: Request, player: Player | null): Promise<CalmChoices> {
  const { difficulty, operations } =
    (await lastCalmSettings(request)) ?? (await soloChoices(request, player)) ?? defaultSoloSettings();
  const member = player?.kind === "member";
  return { defaults: { difficulty, operations, always: !member && (await playsCalmly(request, player)) }, member };
}

/**
 * The calm game (docs/product.md#calm-play): the last calm game's choices, else the solo ones; played page by page
 * at /game/calm/play. Never on a board.
 */
export const CALM_PAGE: GamePage<CalmChoices> = {
  path: "/game/calm",
  pagedPath: "/game/calm/play",
  modes: ["calm"],
  notThisMode: "This game is not a calm game.",
  audience: "site",
  refusal: { title: CANNOT_START, againTo: "/game/calm", againLabel: NEW_GAME },
  choose: ({ request, player }) => calmChoices(request, player),
  async start({ request, player, form }) {
    const parsed = parseCalmStart(form);
    if (!parsed.ok) return { kind: "choose", choose: await calmChoices(request, player), result: parsed.result };
    const { difficulty, operations } = parsed.value;
    return { kind: "start", spec: () => ({ mode: "calm", difficulty, operations }) };
  },
  // The form shows these choices again next time; a visitor's `always` is kept or taken away (members have settings).
  async remember({ request, headers, player, spec, form }) {
    if (spec.mode !== "calm") return;
    const { difficulty, operations } = spec;
    await rememberCalmSettings(
      request,
      headers,
      { difficulty, operations },
      player.kind === "anon" && form.get("always") === "on",
    );
  },
};

/**
 * "Practise my facts" (docs/product.md#practise-my-facts): the operations ticked as the player's game settings are;
 * a start from the form, or "Practise these" from a finished run's wrong answers (`runId`).
 */
export const PRACTICE_PAGE: GamePage<{ operations: SoloSettings["operations"] }> = {
  path: "/game/practice",
  pagedPath: "/game/play",
  modes: ["practice"],
  notThisMode: "This game is not practice.",
  audience: "site",
  pupilDoor: "/student-game/practice",
  refusal: { title: "This practice cannot start", againTo: "/game", againLabel: NEW_GAME },
  async choose({ request, player }) {
    return { operations: ((await soloChoices(request, player)) ?? defaultSoloSettings()).operations };
  },
  start({ player, form }) {
    const empty = "There are no facts to practise with these choices.";
    if (form.has("runId")) {
      const focus = focusOfRun(form.get("runId"), player);
      if (!focus.ok) return { kind: "refused", status: focus.status, message: focus.message };
      const ops = opsOfFacts(focus.focus);
      return {
        kind: "start",
        player: player ?? undefined,
        spec: (p) => practiceSpec(p, soloPracticeScope(ops), focus.focus) ?? empty,
      };
    }
    const parsed = specFromStartParams(form);
    if (!parsed.ok || parsed.value.mode !== "solo") {
      const result = parsed.ok ? undefined : parsed.result;
      return { kind: "choose", choose: { operations: defaultSoloSettings().operations }, result };
    }
    const ops = parsed.value.operations;
    return { kind: "start", spec: (p) => practiceSpec(p, soloPracticeScope(ops), []) ?? empty };
  },
};

/**
 * The Multiplication Tables Check rehearsal (docs/product.md#multiplication-tables-check-rehearsal): its start
 * screen; played page by page at /game/mtc/play.
 */
export const MTC_PAGE: GamePage<{ seconds: number }> = {
  path: "/game/mtc",
  pagedPath: "/game/mtc/play",
  modes: ["mtc"],
  notThisMode: "This game is not a times tables check.",
  audience: "site",
  pupilDoor: "/student-game/mtc",
  refusal: { title: "This check cannot start", againTo: "/game/mtc", againLabel: MTC_AGAIN },
  choose: () => ({ seconds: DEFAULT_MTC_QUESTION_SECONDS }),
  start: () => ({ kind: "start", spec: () => mtcSpec() }),
};
