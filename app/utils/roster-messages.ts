/*
 * Texts of the roster import (docs/product.md#roster-import); browser-safe, shared by the pages and the server.
 * Our own words: short sentences, everyday words.
 */

/** The most pupils one list may hold. */
export const ROSTER_MAX_ROWS = 1000;
/** The largest file (or pasted list) read, in bytes. */
export const ROSTER_MAX_BYTES = 1024 * 1024;

export const ROSTER_MESSAGES = {
  // The whole list refused: shown next to the field, nothing written.
  empty: "Paste some names, or choose a file.",
  both: "Paste names or choose a file, not both.",
  tooLarge: "This list is larger than 1 MB. Import at most 1,000 pupils at a time.",
  tooManyRows: "This list has more than 1,000 pupils. Import at most 1,000 at a time.",
  notUtf8: "This file is not plain text in UTF-8. In your spreadsheet, save it as “CSV UTF-8” and try again.",
  notText: "This file is not a list of names. Choose a CSV file, or paste the names.",
  unknownColumn: (column: string) =>
    `The column “${column}” is not one we know. Use name, class, operations, times tables and difficulty.`,
  twiceColumn: (column: string) => `The column “${column}” is there twice. Keep one.`,
  noNameColumn: "The first row names the columns, but none is called “name”.",
  classColumnHere: "This list has a class column. To put pupils in several classes, import them for the whole school.",
  classColumnNeeded: "Add a first row naming the columns, with a “class” column: for example name,class.",
  nothingToImport: "No pupil in this list can be added. Check the reasons in the table, fix the list and try again.",
  failed: "The pupils could not be added. Nothing was written. Please try again.",
  codeFailed: "There were not enough free login codes. Nothing was written. Please try again.",

  // One row refused: the reason in the preview's table.
  noName: "No name.",
  nameLong: "A student's name can be at most 60 characters",
  duplicate: (row: number) => `The same name as row ${row}.`,
  alreadyInClass: "Already in this class.",
  noClass: "No class given.",
  unknownClass: (name: string) => `No class called “${name}” in this school.`,
  notYourClass: (name: string) =>
    `“${name}” is not one of your classes. Your school’s admin can import pupils into it.`,
  badOperation: (word: string) =>
    `“${word}” is not an operation. Use addition, subtraction, multiplication or division.`,
  badTable: (word: string) => `“${word}” is not a times table. Use numbers from 2 to 12.`,
  badDifficulty: (word: string) => `“${word}” is not a difficulty. Use Normal, Medium or Hard.`,

  // Notes on a row that is still added.
  formula: "Starts like a spreadsheet formula: kept as plain text.",
} as const;
