/*
 * The pupils' words that only the server sends: a loader's or an action's refusal (docs/product.md#student-game). Apart
 * from student-messages.ts, so the pupils' pages do not carry them (docs/decisions/0026-client-weight-budget.md).
 */
export const STUDENT_SERVER_MESSAGES = {
  notLoggedIn: "You are not logged in any more. Please log in again.",
  publicGame:
    "You are logged in with your class code, so this game cannot go on a public board. Play your own game from My maths.",
  notLoggedInFinish: "You are not logged in any more, so this game cannot be saved. Please log in again.",
} as const;
