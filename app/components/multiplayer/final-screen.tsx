import { matchOutcome, rankPlayers, type MatchPlayer } from "~/game";
import { ShareButtons } from "./share-buttons";
import { MedalIcon } from "~/components/icons";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";

const MEDAL_NAMES = ["Gold medal", "Silver medal", "Bronze medal"];

/** Pieces of the celebration burst (game.css, .celebration), as on a solo game's best. */
const CONFETTI = 12;

/**
 * The end of a match: a celebration (CSS only, still where less motion is asked for), the winner (or a tie), everyone
 * ranked with medals and accuracy, and what next. What the share buttons send names no one: the players are often
 * children (docs/product.md#final-screen).
 */
export function FinalScreen({
  players,
  siteUrl,
  onPlayAgain,
  onNewSetup,
}: {
  players: MatchPlayer[];
  siteUrl: string;
  onPlayAgain: () => void;
  onNewSetup: () => void;
}) {
  const headingRef = useFocusWhenShown<HTMLHeadingElement>();
  const outcome = matchOutcome(players);
  const top = outcome.kind === "win" ? outcome.winner : outcome.tied[0]!;
  const heading = outcome.kind === "win" ? `${outcome.winner.name} Wins!` : "It's a Tie!";
  const scoreLine =
    outcome.kind === "win"
      ? `${top.name} answered ${top.totalScore} correctly out of ${top.totalQuestions} questions.`
      : `${outcome.tied.map((p) => p.name).join(" and ")} each got ${top.totalScore} correct.`;
  const shareText =
    outcome.kind === "win"
      ? `Our mental maths match was won with ${top.totalScore} correct answers! Can you beat that?`
      : `Our mental maths match ended in a tie at ${top.totalScore} correct answers! Can you beat that?`;

  return (
    <section className="page results final" aria-labelledby="final-heading" data-testid="final">
      <div className="celebration" aria-hidden="true">
        {Array.from({ length: CONFETTI }, (_, i) => (
          <span key={i} className="confetti" />
        ))}
      </div>
      <h1 id="final-heading" className="final-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      <p className="lead" data-testid="winner-line">
        {scoreLine}
      </p>
      <ol className="final-ranking">
        {rankPlayers(players).map((p) => (
          <li key={p.seat} className="final-row" data-testid="final-row">
            <span className="final-rank">
              {p.rank <= 3 ? (
                <span role="img" aria-label={MEDAL_NAMES[p.rank - 1]}>
                  <MedalIcon rank={p.rank} />
                </span>
              ) : (
                `#${p.rank}`
              )}
            </span>
            <span className="final-name">{p.name}</span>
            <span className="final-score">
              {p.totalScore} / {p.totalQuestions}
            </span>
            <span className="final-accuracy">{p.accuracy}% accuracy</span>
          </li>
        ))}
      </ol>
      <ShareButtons text={shareText} url={siteUrl} />
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={onPlayAgain}>
          Play Again
        </button>
        <button type="button" className="button button-secondary" onClick={onNewSetup}>
          New Game Setup
        </button>
      </div>
    </section>
  );
}
