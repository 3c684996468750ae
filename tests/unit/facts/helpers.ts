// The engine as the fact tests use it.
export { formatProblem, problemSequence } from "../../../app/game";
export { ALL_SPECS as ALL_SPECS_FOR_FACTS } from "../game/helpers";
