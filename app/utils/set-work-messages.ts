import { DUE_DAYS_MAX, KEPT_DAYS_AFTER, NOTE_MAX, OPEN_WORK_MAX, TARGET_LIMITS } from "~/school-rules/set-work-limits";

/* Texts of set work (docs/product.md#set-work): the teacher's page and form, the pupils' and parents' pages; browser-safe. */

export const SET_WORK_MESSAGES = {
  // The teacher's page.
  link: "Set work",
  title: (className: string) => `Set work: ${className}`,
  intro:
    "Set the class some games to play by a date. Each pupil sees it on their page, with how far they have got. Only games finished after you set it count.",
  listHeading: "Work set",
  none: "No work set yet.",
  noneOpen: "No work open just now.",
  endedHeading: "Ended",
  endedKept: `Work stays here for ${KEPT_DAYS_AFTER / 7} weeks after its due date. Then it goes for good.`,
  newHeading: "Set new work",
  changeHeading: "Change this work",
  targetKind: "Target",
  targetGames: "A number of games",
  targetMinutes: "Minutes played",
  target: "How many",
  targetHint: `Games: 1 to ${TARGET_LIMITS.games.max}. Minutes: ${TARGET_LIMITS.minutes.min} to ${TARGET_LIMITS.minutes.max}.`,
  gameKind: "Kind of game",
  due: "Due date",
  dueHint: `The last day that counts: today, or up to ${DUE_DAYS_MAX / 7} weeks ahead.`,
  note: "Note for pupils (optional)",
  noteHint: `Plain words, at most ${NOTE_MAX} characters, no links.`,
  setButton: "Set work",
  saveButton: "Save changes",
  change: "Change",
  remove: "Remove",
  full: `This class has ${OPEN_WORK_MAX} pieces of work open, the most at once. Remove one, or wait until one is due.`,
  ended: "Ended",
  setOn: (day: string) => `Set ${day}.`,
  counts: (done: number, started: number, notStarted: number) =>
    `Done: ${done}. Started: ${started}. Not started: ${notStarted}.`,
  removeQuestion: "Remove this work?",
  removeWhat: (words: string) =>
    `“${words}” goes from the pupils' pages and their parents' pages. Their games stay. This cannot be undone.`,
  removeConfirm: "Yes, remove the work",
  setDone: (className: string) => `Work set for ${className}`,
  changedDone: "Work changed",
  removedDone: "Work removed",
  failed: "Failed to save the work. Please try again.",
  workNotFound: "This work is not set for one of your classes.",

  // The form's messages.
  targetKindInvalid: "Choose a number of games or minutes played",
  targetRequired: "Enter how many games or minutes",
  targetWhole: "Enter a whole number",
  targetGamesRange: `Choose between ${TARGET_LIMITS.games.min} and ${TARGET_LIMITS.games.max} games`,
  targetMinutesRange: `Choose between ${TARGET_LIMITS.minutes.min} and ${TARGET_LIMITS.minutes.max} minutes`,
  gameKindInvalid: "Choose a kind of game",
  dueRequired: "Enter the due date",
  dueInvalid: "Enter a real date, such as 4/12/2026",
  duePast: "The due date cannot be in the past",
  dueFar: `The due date can be at most ${DUE_DAYS_MAX / 7} weeks from today`,
  noteLong: `A note can be at most ${NOTE_MAX} characters`,
  noteLinks: "A note cannot have links or web addresses in it",
  tooMany: `A class can have at most ${OPEN_WORK_MAX} pieces of work open at once. Remove one first.`,

  // The class overview.
  overviewHeading: "Set work",
  readFailed: "Failed to fetch the set work",
  overviewNone: "No work set. Set some from the class's Set work page.",
  done: "Done",
  started: "Started",
  notStarted: "Not started",
  nobody: "Nobody",
} as const;
