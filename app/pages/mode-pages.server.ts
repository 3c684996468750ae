import { PUPIL_OWN_GAME } from "~/auth/pupil-doors.server";
import { parseModeChoices } from "~/forms/mode-choices.server";
import type { RunSpec } from "~/game";
import {
  MODE_DEFINITIONS,
  cleanGivenGames,
  isGiven,
  modeDefinition,
  type GivenGames,
  type ModeStart,
} from "~/game/modes";
import { findStudentGivenGames } from "~/models/student-home.server";
import type { ModeStartView } from "~/types/mode-start";
import { STUDENT_MESSAGES } from "~/utils/student-messages";
import type { GamePage, Who } from "./game-page.server";

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

/**
 * The games of the modes with a start form of their definition's, for a menu: their names and pages. A pupil's: only
 * those their teacher gave them, where the mode is one a teacher gives (docs/decisions/0083-extra-games-per-pupil.md).
 */
export function modeGameLinks(audience: "site" | "pupil", given: GivenGames = {}): { to: string; label: string }[] {
  return MODE_DEFINITIONS.flatMap((definition) => {
    const start = definition.start as ModeStart<RunSpec> | null;
    if (!start || (audience === "pupil" && !isGiven(given, definition.mode))) return [];
    return [{ to: audience === "site" ? start.path : `/student-game/${definition.mode}`, label: start.heading }];
  });
}

/** Said to a pupil whose teacher has not given them a game (a link kept, or a start sent by hand). */
export const NOT_GIVEN = "Your teacher has not given you this game. Ask them if you would like to play it.";

/** A pupil's start form: the given group holds only the choices their teacher ticked (first chosen: the first). */
function narrowed(start: ModeStart<RunSpec>, given: readonly string[]): ModeStart<RunSpec> {
  if (!start.given) return start;
  const choices = start.choices.map((group) => {
    if (group.name !== start.given) return group;
    const options = group.options.filter((option) => given.includes(option.value));
    const initial = group.initial.filter((value) => given.includes(value));
    return { ...group, options, initial: initial.length > 0 ? initial : options.slice(0, 1).map((o) => o.value) };
  });
  return { ...start, choices };
}

/** What a pupil was given, read with their home on a load, else by their id. */
function givenTo(who: Who): GivenGames {
  if (who.home) return who.home.given;
  return who.student ? cleanGivenGames(findStudentGivenGames(who.student.studentId)) : {};
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
    // A pupil reaches the mode's own page only when their teacher gave it; else their own game.
    pupilDoor:
      audience === "site"
        ? (studentId) =>
            isGiven(cleanGivenGames(findStudentGivenGames(studentId)), definition.mode)
              ? `/student-game/${definition.mode}`
              : PUPIL_OWN_GAME
        : undefined,
    refusal:
      audience === "site"
        ? { title: "This game cannot start", againTo: path, againLabel: "Start a new game" }
        : { title: STUDENT_MESSAGES.cannotContinue, againTo: "/student-game", againLabel: STUDENT_MESSAGES.back },
    choose(who) {
      if (audience === "site") return { start: view };
      const given = givenTo(who);
      if (!isGiven(given, definition.mode)) return { kind: "refused", status: 403, message: NOT_GIVEN };
      return { start: viewOf(definition.mode, narrowed(start, given[definition.mode] ?? []), path) };
    },
    start(who) {
      const given = audience === "pupil" ? givenTo(who) : null;
      if (given && !isGiven(given, definition.mode)) return { kind: "refused", status: 403, message: NOT_GIVEN };
      // A pupil's choices are checked against what was given: a total not ticked is refused beside its group.
      const own = given ? narrowed(start, given[definition.mode] ?? []) : start;
      const parsed = parseModeChoices(own, who.form);
      const shown = own === start ? view : viewOf(definition.mode, own, path);
      if (!parsed.ok) return { kind: "choose", choose: { start: shown }, result: parsed.result };
      return { kind: "start", spec: () => parsed.value };
    },
  };
}
