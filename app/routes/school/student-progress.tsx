import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PlayerFacts, opHref } from "~/components/facts/heat-map";
import { AccuracyChartView } from "~/components/student/accuracy-chart";
import { SettingsSummary } from "~/components/student/dashboard";
import { Encouragement, NextGoalCard, StatsCards, StreakAndImprovement } from "~/components/student/progress-panels";
import { playerMapView } from "~/facts/summary";
import { studentProgress } from "~/game";
import { factBooksOf } from "~/models/fact-records.server";
import { mtcScoresOfStudents } from "~/models/mtc-runs.server";
import { rewardsOffForStudent } from "~/models/stickers.server";
import { listStudentPerformance } from "~/models/student-performance.server";
import { accuracyChart } from "~/school-rules/accuracy-chart";
import { mtcSummary } from "~/school/class-mtc.server";
import factStyles from "~/styles/facts.css?url";
import studentStyles from "~/styles/student.css?url";
import { now } from "~/utils/clock.server";
import { pageMeta } from "~/utils/meta";
import { PROGRESS_MESSAGES as P } from "~/utils/progress-messages";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { loadStudentHome } from "~/pages/student-home.server";

/*
 * The pupil's progress (docs/product.md#progress-maths): only their own games, the numbers worked out by the
 * engine (app/game/progress.ts) and the chart drawn by the server; then "My facts", their heat map
 * (docs/product.md#heat-maps).
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studentStyles },
  { rel: "stylesheet", href: factStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.progressTitle,
    description: M.progressDescription,
    path: "/student-progress",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { student, settings } = await loadStudentHome(request);
  const games = listStudentPerformance(student.studentId);
  return {
    name: student.name,
    settings,
    progress: studentProgress(games, now()),
    chart: accuracyChart(games),
    mtc: mtcSummary([{ id: student.studentId, name: student.name }], mtcScoresOfStudents([student.studentId]))
      .pupils[0]!.latest,
    // The sticker book's link, unless the teacher switched rewards off (docs/product.md#sticker-book).
    stickers: !rewardsOffForStudent(student.studentId),
    facts: playerMapView(
      factBooksOf({ kind: "student", studentId: student.studentId }),
      new URL(request.url).searchParams.get("op"),
    ),
  };
}

export default function StudentProgressPage() {
  const { name, settings, progress, chart, facts, mtc, stickers } = useLoaderData<typeof loader>();
  return (
    <div className="student-page student-progress">
      <div className="student-progress-top">
        <div>
          <h1>
            {P.heading}{" "}
            <span aria-hidden="true" className="student-emoji">
              ⭐
            </span>
          </h1>
          <p className="lead">{P.lead(name)}</p>
        </div>
        <Link to="/student-game" className="button button-secondary">
          <span aria-hidden="true">← </span>
          {M.back}
        </Link>
      </div>
      <StatsCards progress={progress} />
      <div className="student-pair">
        <NextGoalCard progress={progress} />
        <Encouragement messages={progress.encouragement} />
      </div>
      <StreakAndImprovement progress={progress} />
      <AccuracyChartView chart={chart} />
      {mtc.length > 0 ? (
        <section className="card" id="my-mtc" aria-labelledby="mtc-heading">
          <h2 id="mtc-heading">My times tables checks</h2>
          <ul data-testid="my-mtc">
            {mtc.map((entry) => (
              <li key={entry.at}>
                {entry.score} out of 25 on {entry.date}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card fact-card" id="my-facts" aria-labelledby="facts-heading">
        <h2 id="facts-heading">My facts</h2>
        <p>Every fact you have met. A ★ or ✓ means you know it by heart. A ✗ needs practice.</p>
        <PlayerFacts
          view={facts}
          hrefOf={(op) => `${opHref("/student-progress", {}, op)}#my-facts`}
          label="My facts"
          empty="No facts yet. Play a game and they will show here."
        />
        {stickers ? (
          <p className="fact-actions">
            <Link to="/student-stickers">My sticker book</Link>
          </p>
        ) : null}
      </section>
      <SettingsSummary settings={settings} heading={P.learning} />
    </div>
  );
}
