/*
 * The review queue's words (docs/product.md#human-pace-and-review), apart from the admin panel's: only the review
 * page and its server module carry them, so the panel's pages do not.
 */
export const REVIEW_MESSAGES = {
  intro:
    "These scores would take a top place on a leaderboard, or came in faster or more evenly than people answer, so they are kept off the leaderboards until you decide. The player still sees their score.",
  empty: "No scores are waiting to be checked.",
  released: "The score is on the leaderboards now.",
  rejected: "The score stays off the leaderboards.",
  gone: "That score was already decided, or no longer exists.",
  rejectQuestion: (player: string, score: string) => `Reject ${player}'s score of ${score}?`,
  rejectConsequence:
    "It stays off the leaderboards for good, and the player's results say it was checked. This cannot be undone.",
  rejectConfirm: "Yes, reject the score",
  timedBy: {
    server: "The server timed each answer itself (a game without JavaScript).",
    client: "The browser timed each answer; the server checked the total against its own clock.",
  },
  reasons: {
    "faster-than-people": "Most right answers came faster than the fastest person could give them.",
    "many-too-fast": "More than two right answers came in under half a person's fastest time.",
    "above-human-ceiling": "More right answers than the fastest people give in that time.",
    "fast-burst": "A stretch of right answers came faster than the fastest person could give them.",
    "too-regular": "The answers came at almost exactly the same pace, like a machine.",
    "held-recently": "This player had another score held in the last hour.",
    "machine-rhythm": "The answer times stay in a narrow band; people's times spread much wider.",
    "top-place": "A top 3 score: top places go up once a person has checked them. The pace was a person's.",
  },
} as const;
