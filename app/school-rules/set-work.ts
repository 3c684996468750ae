import { modesCountingFor } from "~/game/modes/policy";
import { onFirstUse } from "~/utils/first-use";
import { KEPT_DAYS_AFTER, SHOWN_DAYS_AFTER, type GameKind, type TargetKind } from "./set-work-limits";
import { addDays, dayOf, ukMidnight } from "./uk-days";

/*
 * Set work's rules (docs/product.md#set-work): what a piece of work asks, which games count towards it, how far a
 * pupil has got, and the words pupils, parents and teachers read. Pure: the time and the games are passed in.
 */

export {
  DUE_DAYS_MAX,
  GAME_KINDS,
  KEPT_DAYS_AFTER,
  NOTE_MAX,
  OPEN_WORK_MAX,
  SHOWN_DAYS_AFTER,
  TARGET_KINDS,
  TARGET_LIMITS,
  type GameKind,
  type TargetKind,
} from "./set-work-limits";

/** A piece of work as the rules need it. `dueDay` is a UK day, `YYYY-MM-DD`: the last day that counts. */
export type Work = {
  id: string;
  targetKind: TargetKind;
  target: number;
  gameKind: GameKind;
  dueDay: string;
  /** Epoch ms: games finished from then on count. */
  setAt: number;
  note: string | null;
};

/** A pupil's verified, finished game: its mode in the ledger (game_runs) and its time played as the server verified it. */
export type PupilGame = { runId: string; studentId: string; mode: string; finishedAt: number; seconds: number };

/**
 * The ledger's modes of a pupil's games that count for each kind (a calm pupil's game is a `student` run too): the
 * policy table's (app/game/modes/policy.ts).
 */
export const MODES_OF_KIND: Readonly<Record<GameKind, readonly string[]>> = {
  any: modesCountingFor("any"),
  timed: modesCountingFor("timed"),
  practice: modesCountingFor("practice"),
  mtc: modesCountingFor("mtc"),
};

/** Every mode some kind counts: what the model reads. */
export const PUPIL_MODES: readonly string[] = MODES_OF_KIND.any;

/* UK days (app/school-rules/uk-days.ts) */

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `day` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(day: string): boolean {
  const m = DAY_SHAPE.exec(day);
  return m !== null && dayOf(Number(m[1]), Number(m[2]), Number(m[3])) === day;
}

/** The end of a due day: the first moment of the next UK day (a game finished then no longer counts). */
export function endOfDueDay(day: string): number {
  return ukMidnight(addDays(day, 1));
}

/** Open: its due day is today or later (UK). Open work counts against the class's limit and may still be done. */
export function isOpen(work: Pick<Work, "dueDay">, today: string): boolean {
  return work.dueDay >= today;
}

/** On pupils' and parents' pages: open, or past its date by at most a week. */
export function isShownToPupils(work: Pick<Work, "dueDay">, today: string): boolean {
  return addDays(work.dueDay, SHOWN_DAYS_AFTER) >= today;
}

/**
 * Work due before this day (UK) is erased by housekeeping: its due day is more than 8 weeks past. Until then the
 * teacher's page keeps it under `Ended` (docs/product.md#set-work).
 */
export function erasedIfDueBefore(today: string): string {
  return addDays(today, -KEPT_DAYS_AFTER);
}

/* Counting */

/** Whether a game counts towards a piece of work: its kind, and finished from the moment it was set to the end of the due day. */
export function counts(work: Work, game: Pick<PupilGame, "mode" | "finishedAt">): boolean {
  return (
    MODES_OF_KIND[work.gameKind].includes(game.mode) &&
    game.finishedAt >= work.setAt &&
    game.finishedAt < endOfDueDay(work.dueDay)
  );
}

export type PupilProgress = {
  games: number;
  seconds: number;
  /** Towards the target: games, or whole minutes played. */
  amount: number;
  state: "done" | "started" | "not-started";
};

/** One pupil's progress on a piece of work from their games (each game counted once, whatever the list repeats). */
export function progressOf(work: Work, games: readonly PupilGame[]): PupilProgress {
  const seen = new Set<string>();
  let count = 0;
  let seconds = 0;
  for (const game of games) {
    if (seen.has(game.runId) || !counts(work, game)) continue;
    seen.add(game.runId);
    count += 1;
    seconds += Math.max(0, game.seconds);
  }
  const amount = work.targetKind === "games" ? count : Math.floor(seconds / 60);
  const state = amount >= work.target ? "done" : count > 0 ? "started" : "not-started";
  return { games: count, seconds, amount, state };
}

export type Named = { id: string; name: string };
export type ClassWorkProgress = { done: Named[]; started: Named[]; notStarted: Named[] };

/** A class's progress on a piece of work: who has done it, who has started, who has not (in the pupils' order). */
export function classProgressOf(work: Work, pupils: readonly Named[], games: readonly PupilGame[]): ClassWorkProgress {
  const byPupil = new Map<string, PupilGame[]>();
  for (const game of games) {
    const list = byPupil.get(game.studentId);
    if (list) list.push(game);
    else byPupil.set(game.studentId, [game]);
  }
  const out: ClassWorkProgress = { done: [], started: [], notStarted: [] };
  for (const pupil of pupils) {
    const { state } = progressOf(work, byPupil.get(pupil.id) ?? []);
    const named = { id: pupil.id, name: pupil.name };
    if (state === "done") out.done.push(named);
    else if (state === "started") out.started.push(named);
    else out.notStarted.push(named);
  }
  return out;
}

/** The window a list of work reads games from: the earliest set moment to the latest due day's end. */
export function windowOf(works: readonly Work[]): { from: number; to: number } | null {
  if (works.length === 0) return null;
  return {
    from: Math.min(...works.map((w) => w.setAt)),
    to: Math.max(...works.map((w) => endOfDueDay(w.dueDay))),
  };
}

/* Words */

const dueFormat = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
);

/** "Friday 4 December". */
export function dueWords(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return dueFormat()
    .format(Date.UTC(y, m - 1, d))
    .replace(",", "");
}

const times = (n: number) => (n === 1 ? "once" : `${n} times`);
const minutes = (n: number) => (n === 1 ? "1 minute" : `${n} minutes`);

/** What the work asks, in words a 7-year-old reads: "Play 5 games", "Practise my facts for 20 minutes". */
export function targetWords(work: Pick<Work, "targetKind" | "target" | "gameKind">): string {
  const { target } = work;
  const byGames = work.targetKind === "games";
  switch (work.gameKind) {
    case "any":
      return byGames ? `Play ${target === 1 ? "1 game" : `${target} games`}` : `Play for ${minutes(target)}`;
    case "timed":
      return byGames ? `Play the maths game ${times(target)}` : `Play the maths game for ${minutes(target)}`;
    case "practice":
      return byGames ? `Practise my facts ${times(target)}` : `Practise my facts for ${minutes(target)}`;
    case "mtc":
      return byGames
        ? `Rehearse the times tables check ${times(target)}`
        : `Rehearse the times tables check for ${minutes(target)}`;
  }
}

/** "Play 5 games by Friday 4 December". */
export function workWords(work: Pick<Work, "targetKind" | "target" | "gameKind" | "dueDay">): string {
  return `${targetWords(work)} by ${dueWords(work.dueDay)}`;
}

/** How far along: "3 done", "12 minutes done", or "Done!". */
export function progressWords(work: Pick<Work, "targetKind">, progress: PupilProgress): string {
  if (progress.state === "done") return "Done!";
  return work.targetKind === "games" ? `${progress.amount} done` : `${minutes(progress.amount)} done`;
}

/** A progress bar's words: "3 of 5 games", "12 of 20 minutes" (never past the target). */
export function barWords(work: Pick<Work, "targetKind" | "target">, amount: number): string {
  const unit = work.targetKind === "games" ? (work.target === 1 ? "game" : "games") : "minutes";
  return `${Math.min(amount, work.target)} of ${work.target} ${unit}`;
}

/** The teacher's name for a kind of game. */
export const GAME_KIND_LABELS: Readonly<Record<GameKind, string>> = {
  any: "Any game",
  timed: "The maths game (timed, or calm for a calm pupil)",
  practice: "Practise my facts",
  mtc: "Times tables check rehearsal",
};
