/*
 * Messages of the pages that show a finished run, not the game in the page: here, not in game-messages.ts, so the
 * game's own chunk (/game) does not carry them (docs/decisions/0026-client-weight-budget.md).
 */

/** A held score that an admin rejected (docs/decisions/0024-human-pace.md). */
export const REJECTED_MESSAGE = "This score was checked and is not on the leaderboard.";

/** A practice run is saved for its player and their progress, never on a board (docs/product.md#practise-my-facts). */
export const PRACTICE_SAVED_MESSAGE = "Practice saved!";

/** A times-tables game is saved for its player, never on a board (docs/product.md#times-tables-game). */
export const TABLES_SAVED_MESSAGE = "Score saved!";
