import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";

/*
 * The class competition's standings (docs/product.md#class-competition): the table and the pupils' panel. Kept apart
 * from the competition's forms: the pupils' dashboard draws its panel on the server only (see
 * app/school/competitions.server.ts), so none of this reaches its page's scripts.
 */

export type CompetitionView = {
  id: string;
  name: string;
  state: "upcoming" | "running" | "finished";
  startsOn: string;
  endsOn: string;
  classes: string[];
  startedBy: string;
  /** What counts as points (docs/decisions/0093-competitions-on-secured-facts.md). */
  pointsFrom: PointsFrom;
};

type PointsFrom = "scores" | "facts";

/** The standings' column of points and of who took part, in words a child reads. */
const COLUMNS: Record<PointsFrom, { points: string; played: string }> = {
  scores: { points: "Points per pupil", played: "Played" },
  facts: { points: "Secured facts per pupil", played: "Secured a fact" },
};

/** How the points are counted, under a table. */
export const pointsHelp = (pointsFrom: PointsFrom) => (pointsFrom === "facts" ? M.factsHelp : M.pointsHelp);

export type StandingView = { position: number; className: string; points: string; played: number; pupils: number };

/** `Ends {date}`, `Starts {date}` or `Finished`. */
export function stateWords(competition: { state: CompetitionView["state"]; startsOn: string; endsOn: string }) {
  if (competition.state === "finished") return M.finished;
  return competition.state === "upcoming" ? M.starts(competition.startsOn) : M.ends(competition.endsOn);
}

/**
 * The standings table: place, class, points (or secured facts) per pupil, how many took part. Class names only.
 */
export function StandingsTable({
  standings,
  ownClass,
  caption,
  pointsFrom,
}: {
  standings: (StandingView & { own?: boolean })[];
  ownClass?: boolean;
  caption: string;
  pointsFrom: PointsFrom;
}) {
  const columns = COLUMNS[pointsFrom];
  return (
    <table className="competition-standings" data-testid="standings">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Place</th>
          <th scope="col">Class</th>
          <th scope="col">{columns.points}</th>
          <th scope="col">{columns.played}</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((row) => (
          <tr key={row.className + row.position} className={ownClass && row.own ? "competition-own" : undefined}>
            <td>{row.position}</td>
            <th scope="row">
              {row.className}
              {ownClass && row.own ? " (your class)" : ""}
            </th>
            <td>{row.points}</td>
            <td>
              {row.played} of {row.pupils}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pupils' panel: each competition of their class, with its standings. */
export function PupilCompetitions({
  competitions,
}: {
  competitions: {
    id: string;
    name: string;
    state: CompetitionView["state"];
    startsOn: string;
    endsOn: string;
    pointsFrom: PointsFrom;
    standings: (StandingView & { own: boolean })[];
  }[];
}) {
  if (competitions.length === 0) return null;
  return (
    <section
      className="card competition-panel"
      aria-labelledby="pupil-competitions-heading"
      data-testid="pupil-competitions"
    >
      <h2 id="pupil-competitions-heading">Class competition</h2>
      {competitions.map((c) => (
        <div key={c.id} className="competition-panel-item">
          <h3>{c.name}</h3>
          <p>
            <strong>{stateWords(c)}</strong>
          </p>
          <p>{M.pointsKind(c.pointsFrom)}</p>
          <StandingsTable
            standings={c.standings}
            ownClass
            caption={`${c.name}: the classes`}
            pointsFrom={c.pointsFrom}
          />
          <p className="field-hint">{pointsHelp(c.pointsFrom)}</p>
        </div>
      ))}
    </section>
  );
}
