import { livePaths } from "~/live/protocol";

/**
 * On a pupil's dashboard while their teacher's game for the class is open (docs/product.md#live-game): `Join`, one
 * tap, the join page's own form (a plain form: it is drawn on the server and works without JavaScript).
 */
export function ClassGameCard({ code }: { code: string }) {
  return (
    <section className="card live-class-game" aria-labelledby="live-class-game-heading">
      <h2 id="live-class-game-heading">Your class is playing a live game</h2>
      {/* The code in the address too: any machine sends it on to the game's (docs/decisions/0094). */}
      <form method="post" action={`${livePaths.join}?code=${code}`}>
        <input type="hidden" name="intent" value="pupil" />
        <input type="hidden" name="code" value={code} />
        <button type="submit" className="button button-primary button-large">
          Join
        </button>
      </form>
    </section>
  );
}
