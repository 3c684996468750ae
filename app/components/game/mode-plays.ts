import { bondsMode } from "~/game/modes/bonds";
import type { ModeDefinition } from "~/game/modes/definition";
import { doublesMode } from "~/game/modes/doubles";
import type { RunPlay } from "~/game";

/**
 * The definitions of the modes whose pages their definition makes (app/routes/game/mode.tsx, the pupils'
 * app/routes/school/student-game-mode.tsx): the game in the page plays by them. These modes only, never the
 * registry's every one, so the pages stay light (docs/decisions/0026-client-weight-budget.md).
 */
/** What the game in the page needs of a run of a definition: its problems, its time, whether answers have decimals. */
function playOf(definition: ModeDefinition) {
  return (spec: { mode: string }, seed: string): RunPlay => ({
    problems: definition.sequence(spec, seed),
    limitSeconds: definition.timeLimit(spec),
    decimal: definition.decimal(spec),
  });
}

type PageMode = { definition: ModeDefinition; play: (spec: { mode: string }, seed: string) => RunPlay };

function pageMode(definition: unknown): PageMode {
  const mode = definition as ModeDefinition;
  return { definition: mode, play: playOf(mode) };
}

const PAGE_MODES: Readonly<Record<string, PageMode>> = {
  bonds: pageMode(bondsMode),
  doubles: pageMode(doublesMode),
};

/** The definition and the play of a mode with a page of its definition's, or undefined. */
export function pageModeOf(mode: string): PageMode | undefined {
  return Object.prototype.hasOwnProperty.call(PAGE_MODES, mode) ? PAGE_MODES[mode] : undefined;
}
