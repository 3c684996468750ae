import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccuracyChartView } from "~/components/student/accuracy-chart";
import { SettingsSummary } from "~/components/student/dashboard";
import { Encouragement, NextGoalCard, StatsCards, StreakAndImprovement } from "~/components/student/progress-panels";
import { studentProgress } from "~/game";
import { listStudentPerformance } from "~/models/student-performance.server";
import { accuracyChart } from "~/school/accuracy-chart";
import studentStyles from "~/styles/student.css?url";
import { now } from "~/utils/clock.server";
import { pageMeta } from "~/utils/meta";
import { PROGRESS_MESSAGES as P, STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { loadStudentHome } from "./student-area.server";

/*
 * The pupil's progress (docs/product.md#progress-maths): only their own games, the numbers worked out by the
 * engine (app/game/progress.ts) and the chart drawn by the server.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: studentStyles }];

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
  };
}

export default function StudentProgressPage() {
  const { name, settings, progress, chart } = useLoaderData<typeof loader>();
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
      <SettingsSummary settings={settings} heading={P.learning} />
    </div>
  );
}
