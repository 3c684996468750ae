import { DEFAULT_TIME_LIMIT, TIME_LIMITS, TIME_LIMIT_LABELS } from "~/game/types";
import type { ChoiceGroup } from "./definition";

/** The time limit group a timed mode's start form ends with: the solo game's limits, its default first chosen. */
export function timeLimitChoice(): ChoiceGroup {
  return {
    name: "timeLimit",
    legend: "Time limit",
    several: false,
    options: TIME_LIMITS.map((limit) => ({ value: String(limit), label: TIME_LIMIT_LABELS[limit] })),
    message: "Choose a time limit.",
    initial: [String(DEFAULT_TIME_LIMIT)],
  };
}
