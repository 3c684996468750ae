/* Texts of the parent links, the parent page and the letters (docs/product.md#parents); browser-safe. */
import { PROGRESS_MESSAGES, type ProgressWords } from "./progress-messages";

export const PARENT_MESSAGES = {
  /** A revoked, expired or unknown link: the same words for all three, so a link tells nothing. */
  gone: "This link no longer works. Please ask your child's teacher for a new one.",
  /** Too many links that do not work, opened from one place. */
  wait: "Too many links that do not work have been opened from here. Please wait a while and try again.",
  pageTitle: "Your child's progress",
  pageDescription: "A pupil's progress, shared by their teacher.",
  heading: (firstName: string) => `How ${firstName} is doing`,
  lead: (firstName: string, className: string) =>
    `${firstName} is in ${className}. Their teacher shared this page with you. It shows only ${firstName}'s maths games.`,
  facts: "Facts",
  factsText: "Every fact met so far. A ★ or ✓ means it is known by heart. A ✗ needs practice.",
  factsEmpty: "No facts yet. They show here after a game.",
  setWork: "Set work",
  setWorkNone: "No work set just now.",
  until: (day: string) => `This link works until ${day}.`,
} as const;

/**
 * The progress panels' words on the parent page: spoken to the parent about their child, not to the child ("Your
 * accuracy is up" on a parent's screen reads as the parent's).
 */
export function parentProgressWords(name: string): ProgressWords {
  const games = (n: number) => `${n} ${n === 1 ? "game" : "games"}`;
  return {
    ...PROGRESS_MESSAGES,
    numbers: `${name}'s numbers`,
    nextGoal: `${name}'s next goal`,
    streakText: (n) =>
      n === 0 ? `A streak starts when ${name} gets 70% or more in a game.` : `${games(n)} in a row with 70% or more`,
    improvementWaiting: (n) => `After ${games(n)} more, this shows how ${name} is improving.`,
    improvementText: (points) =>
      points > 0
        ? `${name}'s accuracy is up ${points}% on their earlier games.`
        : points < 0
          ? `${name}'s accuracy is down ${-points}% on their earlier games. A few minutes' practice together helps.`
          : `${name}'s accuracy is the same as in their earlier games.`,
    allGoals: `${name} has reached every goal! 🏆`,
    chartHeading: `${name}'s accuracy in recent games`,
    noGames: `${name}'s chart shows here after their first game.`,
  };
}

/** The teacher's side: the pupil's card, the confirmation steps and the letters. */
export const PARENT_LINK_MESSAGES = {
  give: "Parent link",
  stop: "Stop parent link",
  letter: "Print letter",
  none: "No parent link",
  live: (given: string, until: string) => `Parent link given ${given}, works until ${until}`,
  giveQuestion: (name: string) => `Give ${name}'s parents a link?`,
  giveWhat: (name: string, until: string) =>
    `With it they can see ${name}'s progress without logging in. It works until ${until}. If there is a link already, the old one stops working.`,
  giveConfirm: "Yes, give a link",
  stopQuestion: (name: string) => `Stop ${name}'s parent link?`,
  stopWhat: "The link stops working at once, and so does the printed letter. You can give a new link at any time.",
  stopConfirm: "Yes, stop the link",
  classGive: "Give parent links to the whole class",
  classLetters: "Print parent letters",
  classQuestion: (className: string) => `Give parent links to the whole class ${className}?`,
  classWhat: (until: string) =>
    `Every pupil gets a new parent link that works until ${until}. Links given before stop working, so print the new letters.`,
  classConfirm: "Yes, give links to the class",
  lettersTitle: (className: string) => `Parent letters: ${className}`,
  lettersIntro: "One letter a page. Print them and send one home with each pupil.",
  lettersNone: "No pupil in this class has a parent link yet. Give links first.",
  noLinkForPupil: "This pupil has no parent link now. Give one from their card on the dashboard.",
  noLink: "This link can no longer be printed. Give a new parent link.",
} as const;
