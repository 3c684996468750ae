import { Form, Link } from "@remix-run/react";
import { TextField, sentValue } from "~/components/auth/text-field";
import { ConfirmStep } from "~/components/forms/confirm-step";
import { ErrorSummary } from "~/components/forms/error-summary";
import { PrintButton } from "~/components/teacher/login-cards";
import { FieldError, fieldAria, groupDescribedBy, type FieldState } from "~/components/forms/field-error";
import { useForm, type FormReply } from "~/components/forms/use-form";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import type { CompetitionLinks } from "~/utils/competition-pages";
import {
  StandingsTable,
  pointsHelp,
  stateWords,
  type CompetitionView,
  type StandingView,
} from "./competition-standings";

/*
 * The class competition's pages (docs/product.md#class-competition): the list and the start form, the standings,
 * the pupils' panel and the certificate. The same for a teacher and an admin; the route gives the addresses.
 */

export function CompetitionList({ competitions, links }: { competitions: CompetitionView[]; links: CompetitionLinks }) {
  return (
    <section className="card teacher-card" aria-labelledby="competitions-heading">
      <h2 id="competitions-heading">Competitions</h2>
      {competitions.length === 0 ? (
        <p>{M.none}</p>
      ) : (
        <ul className="competition-list">
          {competitions.map((c) => (
            <li key={c.id} data-testid="competition">
              <Link to={links.standings(c.id)}>{c.name}</Link> · {c.classes.join(", ")} · {c.startsOn} to {c.endsOn} ·{" "}
              {M.pointsKind(c.pointsFrom)} · <strong>{stateWords(c)}</strong>
              {c.state === "finished" ? (
                <>
                  {" "}
                  · <Link to={links.certificate(c.id)}>Certificate</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function sentList(lastResult: FormReply | undefined, name: string): string[] {
  const value = lastResult?.initialValue?.[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

function DateField({
  field,
  label,
  min,
  defaultValue,
}: {
  field: FieldState & { name: string };
  label: string;
  min: string;
  defaultValue?: string;
}) {
  const aria = fieldAria(field);
  const hintId = `${field.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <p id={hintId} className="field-hint">
        {M.dateHint}
      </p>
      <FieldError field={field} />
      <input
        id={field.id}
        name={field.name}
        type="date"
        min={min}
        defaultValue={defaultValue}
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={[hintId, aria["aria-describedby"]].filter(Boolean).join(" ")}
      />
    </div>
  );
}

export function StartCompetitionForm({
  action,
  classes,
  today,
  lastDay,
  lastResult,
}: {
  action: string;
  classes: { id: string; name: string; own: boolean }[];
  today: string;
  lastDay: string;
  lastResult: FormReply | undefined;
}) {
  const [form, fields] = useForm({ id: "start-competition", lastResult });
  const chosen = sentList(lastResult, "classes");
  const classField = fields.classes!;
  const pointsField = fields.pointsFrom!;
  const pointsChosen = sentValue(lastResult, "pointsFrom") === "facts" ? "facts" : "scores";
  return (
    <section className="card teacher-card" aria-labelledby="start-competition-heading">
      <h2 id="start-competition-heading">{M.startHeading}</h2>
      {classes.length < 2 ? (
        <p>{M.noClasses}</p>
      ) : (
        <>
          <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
          <Form id={form.id} method="post" action={action} noValidate>
            <input type="hidden" name="intent" value="start" />
            <TextField
              field={fields.name!}
              label={M.nameLabel}
              autoComplete="off"
              maxLength={60}
              defaultValue={sentValue(lastResult, "name")}
            />
            <DateField
              field={fields.startsOn!}
              label={M.startLabel}
              min={today}
              defaultValue={sentValue(lastResult, "startsOn") ?? today}
            />
            <DateField
              field={fields.endsOn!}
              label={M.endLabel}
              min={today}
              defaultValue={sentValue(lastResult, "endsOn") ?? lastDay}
            />
            <fieldset className="choice-group" aria-describedby={groupDescribedBy(pointsField)}>
              <legend>{M.pointsFromLegend}</legend>
              <p className="field-hint">{M.pointsFromScoresHint}</p>
              <p className="field-hint">{M.pointsFromFactsHint}</p>
              <FieldError field={pointsField} />
              <div className="choices">
                {(
                  [
                    ["scores", M.pointsFromScores],
                    ["facts", M.pointsFromFacts],
                  ] as const
                ).map(([value, label], i) => (
                  <label key={value} className="choice choice-compact">
                    <input
                      type="radio"
                      id={i === 0 ? pointsField.id : `${pointsField.id}-${value}`}
                      name="pointsFrom"
                      value={value}
                      defaultChecked={pointsChosen === value}
                    />
                    <span className="choice-label">{label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="choice-group" aria-describedby={groupDescribedBy(classField)}>
              <legend>{M.classesLegend}</legend>
              <p className="field-hint">{M.classesHint}</p>
              <FieldError field={classField} />
              <div className="choices">
                {classes.map((c, i) => (
                  <label key={c.id} className="choice choice-compact">
                    <input
                      type="checkbox"
                      id={i === 0 ? classField.id : `${classField.id}-${c.id}`}
                      name="classes"
                      value={c.id}
                      defaultChecked={chosen.includes(c.id)}
                    />
                    <span className="choice-label">
                      {c.name}
                      {c.own ? " (yours)" : ""}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className="button button-primary">
              {M.startButton}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

/** The competitions list's body in either area (docs/product.md#class-competition): the list and the start form. */
export function CompetitionsPanel({
  page,
  links,
  lastResult,
}: {
  page: { competitions: CompetitionView[]; classes: { id: string; name: string; own: boolean }[] } & {
    today: string;
    lastDay: string;
  };
  links: CompetitionLinks;
  lastResult: FormReply | undefined;
}) {
  return (
    <>
      <p>{M.intro}</p>
      <CompetitionList competitions={page.competitions} links={links} />
      <StartCompetitionForm
        key={page.competitions.length}
        action={links.list}
        classes={page.classes}
        today={page.today}
        lastDay={page.lastDay}
        lastResult={lastResult}
      />
    </>
  );
}

/** What the winners' points are, on a certificate: `points per pupil` or `secured facts per pupil`. */
const perPupil = (competition: CompetitionView) =>
  competition.pointsFrom === "facts" ? "secured facts per pupil" : "points per pupil";

/** The printable certificate: one page for the winners (a tie names every tied class). */
export function Certificate({
  competition,
  winners,
  schoolName,
}: {
  competition: CompetitionView;
  winners: StandingView[];
  schoolName: string;
}) {
  const tie = winners.length > 1;
  return (
    <article className="certificate" data-testid="certificate" aria-labelledby="certificate-heading">
      <p className="certificate-kicker">Certificate</p>
      <h2 id="certificate-heading" className="certificate-title">
        {tie ? "Joint winners" : "Winners"}
      </h2>
      <p className="certificate-classes" data-testid="certificate-winners">
        {winners.map((w) => w.className).join(" and ")}
      </p>
      <p className="certificate-text">
        {tie ? "won together" : "won"} <strong>{competition.name}</strong>
      </p>
      <p className="certificate-text">
        with <strong>{winners[0]!.points}</strong> {perPupil(competition)}
      </p>
      <p className="certificate-school">{schoolName}</p>
      <p className="certificate-dates">
        {competition.startsOn} to {competition.endsOn}
      </p>
      <p className="certificate-well-done">Well done, everyone!</p>
    </article>
  );
}

/** The standings page's body: the competition, its standings, the certificate's link or the cancel step. */
/** A pupil's games that do not count, for their teacher: kind words, never a charge (docs/product.md#class-competition). */
export type UncountedView = { name: string; className: string; waiting: number; together: number };

function UncountedGames({ uncounted, facts }: { uncounted: UncountedView[]; facts: boolean }) {
  const waiting = facts ? M.uncountedFactsWaiting : M.uncountedWaiting;
  const together = facts ? M.uncountedFactsTogether : M.uncountedTogether;
  return (
    <section className="card teacher-card" aria-labelledby="uncounted-heading" data-testid="uncounted-games">
      <h2 id="uncounted-heading">{facts ? M.uncountedFactsHeading : M.uncountedHeading}</h2>
      <p>{facts ? M.uncountedFactsIntro : M.uncountedIntro}</p>
      <ul>
        {uncounted.map((pupil) => (
          <li key={`${pupil.className} ${pupil.name}`}>
            <strong>{pupil.name}</strong> ({pupil.className}):{" "}
            {[pupil.waiting > 0 ? waiting(pupil.waiting) : null, pupil.together > 0 ? together(pupil.together) : null]
              .filter(Boolean)
              .join(" ")}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function StandingsPage({
  competition,
  standings,
  fairShare,
  uncounted,
  canCancel,
  cancelling,
  links,
}: {
  competition: CompetitionView;
  standings: StandingView[];
  fairShare: number;
  uncounted: UncountedView[];
  canCancel: boolean;
  cancelling: boolean;
  links: CompetitionLinks;
}) {
  return (
    <>
      <p>
        <Link to={links.list}>All competitions</Link>
      </p>
      <section className="card teacher-card" aria-labelledby="standings-heading">
        <h2 id="standings-heading">Standings</h2>
        <p>
          <strong data-testid="competition-state">{stateWords(competition)}</strong> · {competition.startsOn} to{" "}
          {competition.endsOn} · Started by {competition.startedBy}
        </p>
        <p data-testid="points-kind">{M.pointsKind(competition.pointsFrom)}</p>
        <StandingsTable
          standings={standings}
          caption={`${competition.name}: places so far`}
          pointsFrom={competition.pointsFrom}
        />
        <p className="field-hint">{pointsHelp(competition.pointsFrom)}</p>
        <p className="field-hint">
          {competition.pointsFrom === "facts" ? M.factsFairShare(fairShare) : M.fairShare(fairShare)}
        </p>
        {competition.state === "finished" ? (
          <p>
            <Link to={links.certificate(competition.id)} className="button button-primary">
              Print the certificate
            </Link>
          </p>
        ) : null}
        {canCancel && !cancelling ? (
          <p>
            <Link to={links.cancel(competition.id)}>Cancel this competition</Link>
          </p>
        ) : null}
      </section>
      {uncounted.length > 0 ? (
        <UncountedGames uncounted={uncounted} facts={competition.pointsFrom === "facts"} />
      ) : null}
      {cancelling ? (
        <ConfirmStep
          question={`Cancel ${competition.name}?`}
          consequence="The competition stops and is taken off every list. The pupils' games stay."
          action={links.list}
          fields={{ intent: "cancel", id: competition.id }}
          confirmLabel="Yes, cancel it"
          cancelTo={links.standings(competition.id)}
          destructive
        />
      ) : null}
    </>
  );
}

/** One pupil's certificate: their name, that their class won, the competition, the school and the days. */
function PupilCertificate({
  pupil,
  index,
  competition,
  points,
  schoolName,
}: {
  pupil: { name: string; className: string };
  index: number;
  competition: CompetitionView;
  points: string;
  schoolName: string;
}) {
  const headingId = `pupil-certificate-${index}`;
  return (
    <article className="certificate" data-testid="pupil-certificate" aria-labelledby={headingId}>
      <p className="certificate-kicker">Certificate</p>
      <h2 id={headingId} className="certificate-classes">
        {pupil.name}
      </h2>
      <p className="certificate-text">
        helped <strong>{pupil.className}</strong> win <strong>{competition.name}</strong>
      </p>
      <p className="certificate-text">
        with <strong>{points}</strong> {perPupil(competition)}
      </p>
      <p className="certificate-school">{schoolName}</p>
      <p className="certificate-dates">
        {competition.startsOn} to {competition.endsOn}
      </p>
      <p className="certificate-well-done">Well done!</p>
    </article>
  );
}

/** The certificate page's body: how to print, then the certificate (or one for each pupil), or why there is none. */
export function CertificatePage({
  competition,
  winners,
  reason,
  pupils,
  schoolName,
  links,
}: {
  competition: CompetitionView;
  winners: StandingView[] | null;
  reason: string | null;
  pupils: { name: string; className: string }[] | null;
  schoolName: string;
  links: CompetitionLinks;
}) {
  const won = winners && winners.length > 0 ? winners : null;
  return (
    <>
      <div className="certificate-intro">
        <p>
          <Link to={links.standings(competition.id)}>Back to the standings</Link>
        </p>
        {won ? (
          <>
            <p>
              {pupils ? (
                <Link to={links.certificate(competition.id)}>{M.forTheClass}</Link>
              ) : (
                <Link to={`${links.certificate(competition.id)}&pupils=1`}>{M.forEachPupil}</Link>
              )}
            </p>
            <PrintButton />
            <p>{M.printHint}</p>
          </>
        ) : null}
      </div>
      {!won ? (
        <p className="notice" data-testid="certificate-reason">
          {reason}
        </p>
      ) : !pupils ? (
        <Certificate competition={competition} winners={won} schoolName={schoolName} />
      ) : pupils.length === 0 ? (
        <p className="notice">{M.noPupils}</p>
      ) : (
        <div className="certificates">
          {pupils.map((pupil, i) => (
            <PupilCertificate
              key={i}
              pupil={pupil}
              index={i}
              competition={competition}
              points={won[0]!.points}
              schoolName={schoolName}
            />
          ))}
        </div>
      )}
    </>
  );
}
