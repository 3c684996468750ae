/* Set work as the pages show it (docs/product.md#set-work): plain data the loaders make. */

/** A piece of a class's work on the teacher's pages, with who has done it, who has started and who has not. */
export type ClassWorkView = {
  id: string;
  /** "Play 5 games by Friday 4 December". */
  words: string;
  /** "Play 5 games". */
  target: string;
  due: string;
  open: boolean;
  note: string | null;
  setOn: string;
  pupils: number;
  done: string[];
  started: string[];
  notStarted: string[];
};

/** A piece of work on a pupil's (or their parents') page. */
export type PupilWorkView = {
  id: string;
  words: string;
  /** "3 done", "12 minutes done" or "Done!". */
  progress: string;
  amount: number;
  target: number;
  /** The bar's words: "3 of 5 games". */
  bar: string;
  done: boolean;
  ended: boolean;
  /** Under the bar: the teacher's note, and that the work has ended when it was not done. */
  lines: string[];
};
