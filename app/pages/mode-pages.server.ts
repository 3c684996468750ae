import { parseModeChoices } from "~/forms/mode-choices.server";
import type { RunSpec } from "~/game";
import { MODE_DEFINITIONS, modeDefinition, type ModeStart } from "~/game/modes";
import type { ModeStartView } from "~/types/mode-start";
import { STUDENT_MESSAGES } from "~/utils/student-messages";
import type { GamePage } from "./game-page.server";

/*
 * The game pages of the modes whose definition has a start form (number bonds, doubles and halves:
 * docs/decisions/0081-number-bonds-and-doubles.md), built from the definition alone: `/game/{mode}` for visitors
 * and members, `/student-game/{mode}` for a logged-in pupil, both through the one skeleton (game-page.server.ts).
 */

/** What the start form shows: the definition's words and choices, none of its functions (they stay on the server). */
function viewOf(mode: string, start: ModeStart<RunSpec>, action: string): ModeStartView {
  const { heading, lead, button, choices } = start;
  return { mode, action, heading, lead, button, choices: choices.map((group) => ({ ...group })) };
}

/** The games of the modes with a start form of their definition's, for a menu: their names and pages. */
export function modeGameLinks(audience: "site" | "pupil"): { to: string; label: string }[] {
  return MODE_DEFINITIONS.flatMap((definition) => {
    const start = definition.start as ModeStart<RunSpec> | null;
    if (!start) return [];
    return [{ to: audience === "site" ? start.path : `/student-game/${definition.mode}`, label: start.heading }];
  });
}

/** A mode's game page for visitors and members (`site`) or pupils (`pupil`); null for a mode with no start form. */
export function modeGamePage(mode: unknown, audience: "site" | "pupil"): GamePage<{ start: ModeStartView }> | null {
  const definition = modeDefinition(mode);
  const start = definition?.start as ModeStart<RunSpec> | null | undefined;
  if (!definition || !start) return null;
  const path = audience === "site" ? start.path : `/student-game/${definition.mode}`;
  const view = viewOf(definition.mode, start, path);
  const words = definition.words;
  return {
    path,
    pagedPath: audience === "site" ? "/game/play" : "/student-game/play",
    modes: [definition.mode as RunSpec["mode"]],
    notThisMode: `This game is not a ${(words?.name ?? definition.mode).toLowerCase()} game.`,
    audience,
    pupilDoor: audience === "site" ? `/student-game/${definition.mode}` : undefined,
    refusal:
      audience === "site"
        ? { title: "This game cannot start", againTo: path, againLabel: "Start a new game" }
        : { title: STUDENT_MESSAGES.cannotContinue, againTo: "/student-game", againLabel: STUDENT_MESSAGES.back },
    choose: () => ({ start: view }),
    start({ form }) {
      const parsed = parseModeChoices(start, form);
      if (!parsed.ok) return { kind: "choose", choose: { start: view }, result: parsed.result };
      return { kind: "start", spec: () => parsed.value };
    },
  };
}
