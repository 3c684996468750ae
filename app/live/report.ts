// The teacher's report of a live game (docs/product.md#live-game): per player, their score and each answer; per
// sum, who got it wrong. Pure: made from the game as the hub holds it.
import { formatProblem } from "~/game/format";
import type { LiveGame } from "./game";

export type ReportAnswer = { problem: string; given: string; correct: boolean; answer: number };
export type ReportPlayer = {
  id: string;
  name: string;
  right: number;
  answered: number;
  saved: boolean;
  answers: ReportAnswer[];
};
export type ReportMiss = { problem: string; answer: number; names: string[] };
export type LiveReport = { round: number; players: ReportPlayer[]; misses: ReportMiss[] };

export function liveReport(game: LiveGame): LiveReport {
  const misses = new Map<string, ReportMiss>();
  const players = game.players
    .filter((player) => !player.removed)
    .sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity) || b.right - a.right)
    .map((player): ReportPlayer => {
      const answers = player.answers.map((given, k): ReportAnswer => {
        const problem = game.problems(given.i);
        const text = formatProblem(problem).text;
        const correct = player.marks[k] === true;
        if (!correct) {
          const miss = misses.get(text) ?? { problem: text, answer: problem.answer, names: [] };
          miss.names.push(player.name);
          misses.set(text, miss);
        }
        return { problem: text, given: given.value, correct, answer: problem.answer };
      });
      return {
        id: player.id,
        name: player.name,
        right: player.right,
        answered: answers.length,
        saved: player.runId !== null,
        answers,
      };
    });
  return {
    round: game.round,
    players,
    misses: [...misses.values()].sort((a, b) => b.names.length - a.names.length || a.problem.localeCompare(b.problem)),
  };
}
