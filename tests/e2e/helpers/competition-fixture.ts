/**
 * With { review: { className, pupilName, state } }: sets the review state of that pupil's own games ("held": as a
 * game the pace judgement holds; "released": as an admin's release), as the review queue would.
 *
 * Otherwise puts a class competition in the past, straight in the end-to-end suite's database, rather than waiting for it to
 * end: `node --import tsx tests/e2e/helpers/competition-fixture.ts '<json>'` with { competitionId }. Its days move
 * back so that its last day was yesterday (UK time), and the games of its classes' pupils played in it move back by
 * as many days, so they still count. Used by ./competition.ts.
 */
import { db } from "~/db/client.server";
import { addDays, daysBetween, periodOf, ukDay } from "~/school-rules/competition";

const { competitionId, review } = JSON.parse(process.argv[2] ?? "{}") as {
  competitionId: string;
  review?: { className: string; pupilName: string; state: "held" | "released" };
};
if (review) {
  db.$client
    .prepare(
      `UPDATE game_runs SET review = ? WHERE mode = 'student' AND student_id IN
         (SELECT s.id FROM students s JOIN classes k ON k.id = s.class_id WHERE k.name = ? AND s.name = ?)`,
    )
    .run(review.state, review.className, review.pupilName);
  console.log(JSON.stringify({ review: review.state }));
  process.exit(0);
}
const row = db.$client
  .prepare("SELECT starts_on AS startsOn, ends_on AS endsOn FROM competitions WHERE id = ?")
  .get(competitionId) as { startsOn: string; endsOn: string } | undefined;
if (!row) throw new Error(`no competition ${competitionId}`);
const days = daysBetween(addDays(ukDay(Date.now()), -1), row.endsOn);
const { from, until } = periodOf(row);
db.$client.transaction(() => {
  db.$client
    .prepare(
      `UPDATE student_performance SET completed_at = completed_at - ? WHERE completed_at >= ? AND completed_at < ?
         AND student_id IN (SELECT s.id FROM students s JOIN competition_classes cc ON cc.class_id = s.class_id
                            WHERE cc.competition_id = ?)`,
    )
    .run(days * 86_400_000, from, until, competitionId);
  db.$client
    .prepare("UPDATE competitions SET starts_on = ?, ends_on = ? WHERE id = ?")
    .run(addDays(row.startsOn, -days), addDays(row.endsOn, -days), competitionId);
})();
console.log(JSON.stringify({ movedDays: days }));
