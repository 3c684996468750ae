import { TableScroll } from "~/components/table-scroll";
import type { PupilMtc, WeekMtc } from "~/types/mtc";

/** Texts of the class's rehearsal page (docs/product.md#texts-of-our-own). */
export const CLASS_MTC_TEXTS = {
  title: (className: string) => `Times tables check: ${className}`,
  link: "Times tables check",
  intro: "Each pupil's latest rehearsals of the Multiplication Tables Check, out of 25, oldest first.",
  pupilsHeading: "Pupils",
  weeksHeading: "The class each week",
  none: "No rehearsals yet",
  noWeeks: "No pupil has rehearsed the check yet.",
} as const;

/** A class's rehearsals: each pupil's latest scores with their dates, and the class's average each week. */
export function ClassMtc({ pupils, weeks }: { pupils: readonly PupilMtc[]; weeks: readonly WeekMtc[] }) {
  return (
    <>
      <p>{CLASS_MTC_TEXTS.intro}</p>
      <section className="card" aria-labelledby="mtc-pupils-heading">
        <h2 id="mtc-pupils-heading">{CLASS_MTC_TEXTS.pupilsHeading}</h2>
        <TableScroll label="Each pupil's latest rehearsals">
          <table className="answers-table" data-testid="class-mtc">
            <thead>
              <tr>
                <th scope="col">Pupil</th>
                <th scope="col">Latest scores out of 25</th>
              </tr>
            </thead>
            <tbody>
              {pupils.map((pupil) => (
                <tr key={pupil.id}>
                  <th scope="row">{pupil.name}</th>
                  <td>
                    {pupil.latest.length === 0
                      ? CLASS_MTC_TEXTS.none
                      : pupil.latest.map((entry) => `${entry.score} (${entry.date})`).join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <section className="card" aria-labelledby="mtc-weeks-heading">
        <h2 id="mtc-weeks-heading">{CLASS_MTC_TEXTS.weeksHeading}</h2>
        {weeks.length === 0 ? (
          <p>{CLASS_MTC_TEXTS.noWeeks}</p>
        ) : (
          <TableScroll label="The class's average each week">
            <table className="answers-table">
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <th scope="col">Rehearsals</th>
                  <th scope="col">Average out of 25</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.week}>
                    <th scope="row">{week.label}</th>
                    <td>{week.rehearsals}</td>
                    <td>{week.average}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </>
  );
}
