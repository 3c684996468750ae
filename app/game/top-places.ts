// The top places of a public board wait for a person (docs/decisions/0075-top-places-checked-by-a-person.md): no
// timing rule tells a careful script from a fast child, so a score that would take one of these places is checked
// by an admin before it shows, whatever its pace.

/** The places of each public board (and each daily challenge's) that only a person's approval opens. */
export const TOP_PLACES = 3;

/**
 * A score at or below one right answer every 3 seconds (a typical seven-year-old's pace, decision 0036's corpus)
 * takes a top place only on a board nobody has beaten it on yet, such as a new day's: it goes up at once, so an
 * empty board is not a queue of small scores for the admin (decision 0075, "An empty board").
 */
export function openScore(timeLimitSeconds: number): number {
  return Math.floor(timeLimitSeconds / 3);
}

export type Placed = { score: number; accuracy: number };

/** Whether a new entry ranks ahead of one already placed: a higher score, or the same and higher accuracy (a tie stays earlier). */
export function ranksAheadOf(entry: Placed, placed: Placed, byScoreOnly = false): boolean {
  if (entry.score !== placed.score) return entry.score > placed.score;
  return !byScoreOnly && entry.accuracy > placed.accuracy;
}

/**
 * Whether an entry by `playerKey` would take one of a board's top places, given the places as they stand (best
 * first, one per player, as the board shows them). A player already placed ahead of this entry keeps their place,
 * so it changes nothing; one placed behind it moves up, which is a new top score. `byScoreOnly`: a challenge's board,
 * ranked by score then earliest, lists entries, not players.
 */
export function takesTopPlace(
  entry: Placed & { playerKey: string | null },
  places: readonly (Placed & { playerKey: string | null })[],
  byScoreOnly = false,
): boolean {
  const top = places.slice(0, TOP_PLACES);
  const own = byScoreOnly || entry.playerKey === null ? undefined : top.find((p) => p.playerKey === entry.playerKey);
  if (own) return ranksAheadOf(entry, own, byScoreOnly);
  if (top.length < TOP_PLACES) return true;
  return ranksAheadOf(entry, top[TOP_PLACES - 1]!, byScoreOnly);
}

/**
 * How far above their approved best a player's score goes up at once: none. A person who releases a score has seen
 * a person play at that level, not above it, so a script approved once (by a mistake) takes a place with at most the
 * score it was approved for, never climbing without another check (docs/decisions/0082-a-player-a-person-approved.md).
 */
export const APPROVED_BEST_MARGIN = 0;

/**
 * Whether a run that would take a top place goes up at once because a person approved its player at that level: a
 * score at most their approved best (on the same board and time limit; null when none) plus the margin.
 */
export function withinApprovedBest(score: number, approvedBest: number | null): boolean {
  return approvedBest !== null && score <= approvedBest + APPROVED_BEST_MARGIN;
}

/** Which kind of top place a run would take: a daily board's, or an all-time one's (a challenge's board is all-time). */
export type TopPlaceKind = "daily" | "all-time";

/**
 * What a person has vouched for, for a run that would take a top place
 * (docs/decisions/0089-approved-players-up-to-the-seen-record.md): the best score of this player's that a person released on this board and time limit (0082),
 * whether a person has released any run of theirs (on any board) and rejected none, and the best score a person
 * released of anyone's on this board and time limit (null: none).
 */
export type Vouched = { approvedBest: number | null; approved: boolean; seenBest: number | null };

/**
 * Whether a run that would take a top place goes up at once. An all-time place: only within its player's own
 * approved best (0082). A daily place: that too, or, for a player a person has approved, at most the best score a
 * person released of anyone's on this board and time limit. A player nobody approved always waits; so does a score
 * above every score a person released there.
 */
export function vouchedForTopPlace(score: number, kind: TopPlaceKind, vouched: Vouched): boolean {
  if (withinApprovedBest(score, vouched.approvedBest)) return true;
  return kind === "daily" && vouched.approved && vouched.seenBest !== null && score <= vouched.seenBest;
}
