// Forgetting an erased pupil in a live game (docs/product.md#data-rights): the pupil's player goes from the game
// entirely (seat, name, answers, the report's lines and misses, which are made from the players) and their id from
// the door's list of removed players. Pure: returns the tokens whose streams the hub must end.
import { forgetPupil } from "./admission";
import type { LiveGame } from "./game";

export function forgetPupilIn(game: LiveGame, studentId: string): string[] {
  forgetPupil(game.admission, studentId);
  const gone = game.players.filter((player) => player.studentId === studentId);
  if (gone.length === 0) return [];
  game.players = game.players.filter((player) => player.studentId !== studentId);
  return gone.map((player) => player.token);
}
