// The game engine's public API: pure functions shared by the server and the browser.
// No I/O, no clocks, no Math.random: every problem is a function of (spec, seed, index).

export * from "./types";
export {
  CALM_QUESTIONS,
  CALM_TIME_LIMIT,
  EXTRA_TIME_FACTORS,
  isExtraTime,
  studentTimeLimit,
  sumAsked,
  type ExtraTime,
} from "./calm";
export { rngFor, rngFromString, type Rng } from "./prng";
export { randomSeedFromBytes } from "./seed";
export {
  GAME_MODES,
  isServerFinished,
  leaderboardGameType,
  parseRunSpec,
  questionsOf,
  timeLimitOf,
  type GameMode,
  type RunSpec,
} from "./run-spec";
export { SOLO_ADD_RANGES, SOLO_DIVISOR_RANGE, SOLO_MULTIPLY_RANGES, canonicalOperations, soloProblem } from "./solo";
export type { Range } from "./ranges";
export {
  DAILY_CHALLENGES,
  PERCENTAGES,
  challengeForDate,
  challengeForUtcTime,
  dailyPlay,
  dayOfYear,
  getChallenge,
  type ChallengeDifficulty,
  type DailyChallenge,
} from "./daily";
export { formatCountdown, msUntilLocalMidnight } from "./countdown";
export {
  MULTIPLAYER_ADD_RANGES,
  MULTIPLAYER_DIVISION_RANGES,
  multiplayerPlay,
  multiplayerProblem,
} from "./multiplayer";
export {
  MAX_REPEAT_ATTEMPTS,
  REPEAT_WINDOW,
  STUDENT_ADD_RANGES,
  STUDENT_MULTIPLY_RANGE,
  studentPlay,
  studentProblem,
  type StudentSettings,
} from "./student";
export { soloPlay, type ProblemSequence, type RunPlay } from "./play";
export { calmPlay } from "./calm-solo";
export { MAX_PRACTICE_FACTS, PRACTICE_TIME_LIMIT, practicePlay } from "./practice";
export {
  DEFAULT_MTC_QUESTION_SECONDS,
  MTC_CHECK_QUESTIONS,
  MTC_PAUSE_MS,
  MTC_PRACTICE_QUESTIONS,
  MTC_QUESTION_SECONDS,
  MTC_START_STEP,
  MTC_START_STEP_SECONDS,
  MTC_STEPS,
  mtcPlay,
  questionOfStep,
  stepAppearsAt,
  stepLimitMs,
  type MtcQuestionSeconds,
} from "./mtc";
export { problemAt, problemSequence } from "./problems";
export {
  TABLES_OPERATIONS,
  TIMES_TABLE_NUMBERS,
  isTimesTable,
  tablesPlay,
  type TablesOperation,
  type TimesTable,
} from "./tables";
export {
  MINUS_SIGN,
  answersMayBeDecimal,
  difficultyHint,
  formatNumber,
  formatProblem,
  operatorSymbol,
  problemTextForScreen,
  spokenProblem,
  type FormattedProblem,
} from "./format";
export { ANSWER_TOLERANCE, checkAnswer } from "./check";
export { MAX_ANSWER_LENGTH, applyKey, sanitizeAnswer } from "./numpad";
export { accuracy, resultMessage, summarize, type AnswerRecord, type ScoreSummary } from "./score";
export {
  ANSWER_CLOCK_SLACK_MS,
  FINISH_GRACE_MS,
  answerRecords,
  markAnswers,
  MIN_MS_PER_ANSWER,
  MTC_CHECK_SLACK_MS,
  MTC_HIDDEN_TIME_MS,
  MTC_NOT_TIMED_MESSAGE,
  MTC_TOO_SLOW_MESSAGE,
  MTC_UNFINISHED_MESSAGE,
  NO_ANSWERS_MESSAGE,
  deadlineOf,
  verifyRun,
  type RefusalReason,
  type RunSubmission,
  type SubmittedAnswer,
  type VerifyResult,
} from "./verify";
export {
  PACE_MIN_ANSWERS,
  judgePace,
  minimumAnswerMs,
  type PaceAnswer,
  type PaceReason,
  type PaceRun,
  type PaceVerdict,
} from "./pace";
export { ceilingFactor } from "./pace-ceiling";
export {
  APPROVED_BEST_MARGIN,
  TOP_PLACES,
  openScore,
  ranksAheadOf,
  takesTopPlace,
  vouchedForTopPlace,
  withinApprovedBest,
  type Placed,
  type TopPlaceKind,
  type Vouched,
} from "./top-places";
export {
  GAMES_BAR_FULL_AT,
  IMPROVEMENT_MIN_GAMES,
  RECENT_SESSIONS,
  STREAK_ACCURACY,
  WEEK_MS,
  encouragementMessages,
  gamesThisWeek,
  improvementOf,
  nextGoal,
  performanceSummary,
  recentSessions,
  scoreColour,
  streakOf,
  studentProgress,
  type Goal,
  type GoalId,
  type PerformanceRecord,
  type PerformanceSummary,
  type ScoreColour,
  type StudentProgress,
} from "./progress";
export {
  MAX_PLAYERS,
  MAX_ROUNDS,
  MIN_PLAYERS,
  MIN_ROUNDS,
  TURN_MS,
  initialMatch,
  matchOutcome,
  matchReducer,
  playerName,
  rankPlayers,
  restoreMatch,
  turnSeed,
  type MatchAction,
  type MatchPlayer,
  type MatchSettings,
  type MatchState,
  type RankedPlayer,
  type TurnPhase,
} from "./match";
