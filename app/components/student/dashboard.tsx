import { ChartIcon, GameIcon } from "~/components/icons";
import { Link } from "@remix-run/react";
import type { PupilWorkView } from "~/types/set-work";
import type { StudentSettingsView } from "~/types/student";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/**
 * The pupil's dashboard cards (docs/product.md#students): Start Math Game (opens the ready dialog: a link, so it
 * works without JavaScript) and View Progress.
 */
export function DashboardCards({ startText }: { startText: string }) {
  return (
    <div className="student-cards">
      <Link to="/student-game?ready=1" className="student-card student-card-play" data-testid="start-card">
        <span className="student-card-icon">
          <GameIcon />
        </span>
        <span className="student-card-title">{M.startCard}</span>
        <span className="student-card-text">{startText}</span>
      </Link>
      <Link to="/student-progress" className="student-card student-card-progress" data-testid="progress-card">
        <span className="student-card-icon">
          <ChartIcon />
        </span>
        <span className="student-card-title">{M.progressCard}</span>
        <span className="student-card-text">{M.progressCardText}</span>
      </Link>
    </div>
  );
}

/**
 * "Practise my facts" beside the pupil's game (docs/product.md#practise-my-facts): a plain form POST, so it works
 * without JavaScript; with it the button says so, and the practice plays in the page.
 */
export function PractiseCard() {
  return (
    <form method="post" action="/student-game/practice" className="card student-practise">
      <h2>{M.practiseCard}</h2>
      <p>{M.practiseCardText}</p>
      <button
        type="submit"
        name="go"
        value="paged"
        className="button button-primary"
        data-testid="practise-card"
        onClick={(event) => (event.currentTarget.value = "island")}
      >
        {M.practiseCard}
      </button>
    </form>
  );
}

/**
 * The times tables check rehearsal beside the pupil's game (docs/product.md#multiplication-tables-check-rehearsal):
 * a link to its start screen, so it works without JavaScript.
 */
export function MtcCard() {
  return (
    <section className="card student-practise" aria-labelledby="mtc-card-heading">
      <h2 id="mtc-card-heading">{M.mtcCard}</h2>
      <p>{M.mtcCardText}</p>
      <Link to="/student-game/mtc" className="button button-primary" data-testid="mtc-card">
        {M.mtcCardButton}
      </Link>
    </section>
  );
}

/**
 * More games beside the pupil's own (number bonds, doubles and halves: docs/product.md#number-bonds): plain links, to
 * those their teacher gave them; no card when none (docs/decisions/0083-extra-games-per-pupil.md).
 */
export function MoreGamesCard({ games }: { games: readonly { to: string; label: string }[] }) {
  if (games.length === 0) return null;
  return (
    <section className="card student-practise" aria-labelledby="more-games-heading">
      <h2 id="more-games-heading">More games</h2>
      <ul className="button-row">
        {games.map((game) => (
          <li key={game.to}>
            <Link to={game.to} className="button button-secondary">
              {game.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "My sticker book" (docs/product.md#sticker-book): a plain link with how many stickers the pupil has; no card when
 * their teacher switched rewards off for the class.
 */
export function StickerCard({ count }: { count: number | null }) {
  if (count === null) return null;
  return (
    <section className="card student-practise" aria-labelledby="sticker-card-heading">
      <h2 id="sticker-card-heading">My sticker book</h2>
      <p>
        {count === 0
          ? "A sticker for each fact you know by heart on three days."
          : `${count} ${count === 1 ? "sticker" : "stickers"} so far.`}
      </p>
      <Link to="/student-stickers" className="button button-secondary" data-testid="sticker-card">
        Open my sticker book
      </Link>
    </section>
  );
}

/** The pupil's game settings in words: difficulty ('easy' shows as Normal), operations and times tables. */
export function SettingsSummary({
  settings,
  headingLevel = 2,
  heading = M.settingsHeading,
}: {
  settings: StudentSettingsView;
  headingLevel?: 2 | 3;
  heading?: string;
}) {
  const { words } = settings;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="card student-settings" aria-labelledby="student-settings-heading">
      <Heading id="student-settings-heading">{heading}</Heading>
      <dl className="student-settings-list" data-testid="student-settings">
        <div>
          <dt>Difficulty</dt>
          <dd>{words.difficulty}</dd>
        </div>
        <div>
          <dt>Operations</dt>
          <dd>{words.operations}</dd>
        </div>
        <div>
          <dt>Times tables</dt>
          <dd>{words.timesTables}</dd>
        </div>
        {/* Not for a pupil in calm mode: no clock, so no time to add (docs/product.md#students). */}
        {words.extraTime && (
          <div>
            <dt>{M.extraTime}</dt>
            <dd>{words.extraTime}</dd>
          </div>
        )}
        <div>
          <dt>{M.calmMode}</dt>
          <dd>{words.calm}</dd>
        </div>
      </dl>
      <p className="student-muted">{M.settingsNote}</p>
    </section>
  );
}

/**
 * The work a pupil's teacher set (docs/product.md#set-work), on the pupil's dashboard and their parents' page: what
 * it asks and by when, how far along in words and in a bar (its words given by the server), then `Done!`.
 * Words first, so nothing needs colour to be read. Here, beside the dashboard's other parts, to add no chunk of its
 * own to the pupil's page (docs/decisions/0026-client-weight-budget.md).
 */
export function WorkList({ work }: { work: PupilWorkView[] }) {
  return (
    <ul className="work-list">
      {work.map((w) => (
        <li key={w.id}>
          <p>
            {w.words}: <b>{w.progress}</b>
          </p>
          <progress className="student-bar" max={w.target} value={w.amount} aria-label={w.bar} />
          {w.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The pupil's dashboard's card: shown only when there is work. */
export function PupilWorkCard({ work }: { work: PupilWorkView[] }) {
  if (work.length === 0) return null;
  return (
    <section className="card student-work" data-testid="your-work">
      <h2>{M.workHeading}</h2>
      <WorkList work={work} />
    </section>
  );
}
