import { timeLimitOf, verifyRun } from "~/game";
import type { RunSpec } from "~/game/run-spec";
import type { SubmittedAnswer } from "~/game/verify";
import { saveFinishedRuns, type FinishedRun } from "~/models/runs.server";
import { timeOrderedId } from "~/utils/signing.server";

/** One live game's round at its podium, with the pupils whose runs are kept (guests' are not). */
export type LiveRound = {
  code: string;
  spec: RunSpec;
  seed: string;
  startedAt: number;
  finishedAt: number;
  /** `runId`: the id the run is written under, chosen by the game's machine so that a retry never writes twice. */
  pupils: readonly { studentId: string; answers: readonly SubmittedAnswer[]; runId?: string }[];
};

/**
 * The live game's runs, written as every run is (docs/product.md#live-game): each pupil's run verified, held for
 * its pace when it is not a person's (kept for the pupil, off the podium), and the round's pupils written in one
 * transaction. Returns each pupil's saved run id, in order, or null for a run refused (it cannot happen: answers
 * were taken under the same rules) or not written; a refusal or a failed write is logged.
 */
export function saveLiveRuns(round: LiveRound): (string | null)[] {
  const { code, spec, seed, startedAt, finishedAt } = round;
  const runs = round.pupils.map(({ studentId, answers, runId }): FinishedRun | null => {
    const verdict = verifyRun({ spec, seed, answers, startedAt, finishedAt });
    if (!verdict.ok) {
      console.warn(`live game ${code}: a pupil's run was refused: ${verdict.reason}`);
      return null;
    }
    return {
      id: runId ?? timeOrderedId(),
      mode: spec.mode,
      gameType: spec.mode,
      player: { kind: "student", studentId },
      summary: verdict.summary,
      records: verdict.records,
      held: verdict.pace.plausible ? undefined : verdict.pace,
      live: true,
      startedAt,
      finishedAt,
      timeTaken: Math.round((finishedAt - startedAt) / 1000),
      timeLimit: timeLimitOf(spec),
    };
  });
  const kept = runs.filter((run): run is FinishedRun => run !== null);
  if (kept.length === 0) return runs.map(() => null);
  let saved: boolean[];
  try {
    saved = saveFinishedRuns(kept);
  } catch (error) {
    console.error(`live game ${code}: writing the results failed`, error);
    return runs.map(() => null);
  }
  let k = 0;
  return runs.map((run) => (run === null ? null : saved[k++] ? run.id : null));
}
