/**
 * A game page's refusal as its loader or action sends it (app/pages/game-page.server.ts): the words come from the
 * server, so the one refusal component (app/components/game/refusal.tsx) carries none of its own.
 */
export type RefusalView = {
  kind: "refused";
  /** Its heading: `This game cannot start`, `This check cannot start`, ... */
  title: string;
  message: string;
  /** The way back: where, and its words. */
  againTo: string;
  againLabel: string;
};
