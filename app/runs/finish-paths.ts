/**
 * The games' finishes, answered without Remix by the finish lane (server/lanes.ts,
 * docs/decisions/0034-finishes-in-front-of-express.md). The one list of their paths: the lane and the app's
 * handler both read it.
 */
export const GAME_FINISH_PATH = "/game/finish";
export const STUDENT_FINISH_PATH = "/student-game/finish";
export const FINISH_PATHS: readonly string[] = [GAME_FINISH_PATH, STUDENT_FINISH_PATH];
