import type { FormField } from "~/components/forms/use-form";
import { OPERATIONS, operatorSymbol, type Operation } from "~/game";
import { DIFFICULTY_CHOICES, OPERATION_NAMES, TIME_CHOICES } from "~/utils/solo-settings";
import { ChoiceCards, type Choice } from "./start-screen";

/*
 * The solo game's choice groups (difficulty, operations, time limit), built from the one set of choice cards
 * (./start-screen.tsx, docs/decisions/0080-game-page-skeleton-and-weight.md).
 */

/** The operation boxes' words (the sign shows beside each, big). */
const OPERATION_LABELS: Readonly<Record<Operation, string>> = {
  "+": "Add",
  "-": "Subtract",
  "*": "Multiply",
  "/": "Divide",
};

/** The cards of these operations. */
export function operationChoices(operations: readonly Operation[]): Choice[] {
  return operations.map((op) => ({
    value: OPERATION_NAMES[op],
    symbol: operatorSymbol(op),
    label: OPERATION_LABELS[op],
    className: `op-${OPERATION_NAMES[op]}`,
  }));
}

/** Whether an operation's card starts ticked: it is one of these. */
export const ticksOperations =
  (operations: readonly Operation[]) =>
  (value: Choice["value"]): boolean =>
    operations.some((op) => OPERATION_NAMES[op] === value);

/** The difficulty cards ('12 × 12' in a hint never breaks across lines). */
export const difficultyChoices = (): Choice[] =>
  DIFFICULTY_CHOICES.map((choice) => ({ ...choice, hint: choice.hint.replace(/ × /g, "\u00a0×\u00a0") }));

/** The time-limit cards. */
export const TIME_LIMIT_CHOICES: readonly Choice[] = TIME_CHOICES;

/** The difficulty, one of three wide cards with what each holds. */
export function DifficultyChoice({ field, chosen }: { field: FormField; chosen: string }) {
  return (
    <ChoiceCards
      field={field}
      legend="Difficulty"
      type="radio"
      choices={difficultyChoices()}
      checked={(value) => chosen === value}
      wide
    />
  );
}

/** The operations to play (these of them, `ticked` ticked). */
export function OperationsChoice({
  field,
  operations = OPERATIONS,
  ticked,
  legend = "Operations",
}: {
  field: FormField;
  operations?: readonly Operation[];
  ticked: readonly Operation[];
  legend?: string;
}) {
  return (
    <ChoiceCards
      field={field}
      legend={legend}
      type="checkbox"
      choices={operationChoices(operations)}
      checked={ticksOperations(ticked)}
    />
  );
}

/** The time limit, one of four. */
export function TimeLimitChoice({ field, chosen }: { field: FormField; chosen: number }) {
  return (
    <ChoiceCards
      field={field}
      legend="Time limit"
      type="radio"
      choices={TIME_LIMIT_CHOICES}
      checked={(value) => chosen === value}
    />
  );
}

/** Below a start screen: the calm game, with no clock (docs/product.md#calm-play). */
export function PlayCalmlyLink() {
  return (
    <p>
      <a href="/game/calm">Play calmly, with no clock</a>
    </p>
  );
}
