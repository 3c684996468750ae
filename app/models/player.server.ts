/*
 * Who plays, and how a player is stored on runs and board entries. It lives with the models that store it, so they
 * need nothing from app/auth (which reads the player from a request and imports the models: one way only).
 */

/**
 * Who is playing: a signed-in member, an anonymous visitor, or a pupil logged in with their code. A pupil is a
 * player only on the school area's own game routes (docs/product.md#student-game); everywhere else a browser
 * is a member or a visitor, so a pupil's games never reach a public board.
 */
export type Player =
  | { kind: "member"; userId: string; username: string }
  | { kind: "anon"; anonId: string }
  | { kind: "student"; studentId: string };

/** How a player is stored on a run or an entry: a member's user id, a visitor's anonymous id, or a pupil's id. */
export type PlayerColumns = { userId: string | null; anonId: string | null; studentId?: string | null };

export function playerColumns(player: Player): Required<PlayerColumns> {
  switch (player.kind) {
    case "member":
      return { userId: player.userId, anonId: null, studentId: null };
    case "anon":
      return { userId: null, anonId: player.anonId, studentId: null };
    case "student":
      return { userId: null, anonId: null, studentId: player.studentId };
  }
}

/** Whether a stored run or entry is this player's own (board entries carry no pupil: a pupil owns none). */
export function isOwnRow(player: Player | null, row: PlayerColumns): boolean {
  if (!player) return false;
  switch (player.kind) {
    case "member":
      return row.userId === player.userId;
    case "anon":
      return row.anonId === player.anonId;
    case "student":
      return typeof row.studentId === "string" && row.studentId === player.studentId;
  }
}

/** The name a player's scores are shown under: a member's public name; visitors and pupils have none. */
export function boardNameOf(player: Player): string | null {
  return player.kind === "member" ? player.username : null;
}

/** The owner string carried in a run token: `u:` a member, `a:` a visitor, `s:` a pupil. */
export function ownerOf(player: Player): string {
  switch (player.kind) {
    case "member":
      return `u:${player.userId}`;
    case "anon":
      return `a:${player.anonId}`;
    case "student":
      return `s:${player.studentId}`;
  }
}

/** Whether a run token's owner is a pupil (only pupils own student runs, and they own no other kind). */
export function isStudentOwner(owner: string): boolean {
  return owner.startsWith("s:");
}
