import type { ChoiceGroup } from "~/game/modes/definition";

/** A mode's start form as its page shows it: the definition's words and choices (app/pages/mode-pages.server.ts). */
export type ModeStartView = {
  mode: string;
  /** Where the form posts: the page itself. */
  action: string;
  heading: string;
  lead: string;
  button: string;
  choices: ChoiceGroup[];
};
