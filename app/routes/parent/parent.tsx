import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PlayerFacts, opHref } from "~/components/facts/heat-map";
import { RouteError } from "~/components/route-error";
import { AccuracyChartView } from "~/components/student/accuracy-chart";
import { SettingsSummary, WorkList } from "~/components/student/dashboard";
import { NextGoalCard, StatsCards, StreakAndImprovement } from "~/components/student/progress-panels";
import factStyles from "~/styles/facts.css?url";
import studentStyles from "~/styles/student.css?url";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { PARENT_MESSAGES as M, parentProgressWords } from "~/utils/parent-messages";
import { PARENT_HEADERS, parentPageData } from "./parent-page.server";

/*
 * The parent page, /parent/{token} (docs/product.md#parents): no account and no cookie; read-only, one pupil's
 * first name and class, their progress as their own progress page shows it, their heat map, and the work their
 * teacher set. Nothing else, and no link into the school area.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studentStyles },
  { rel: "stylesheet", href: factStyles },
];

// The title names no one: browsers keep titles in their history.
export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.pageTitle,
    description: M.pageDescription,
    path: "/parent",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter(PARENT_HEADERS);

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const address = context.clientAddress ?? null;
  const token = params.token ?? "";
  return { token, ...parentPageData(token, address, new URL(request.url).searchParams.get("op")) };
}

export default function ParentPage() {
  const { token, firstName, className, until, settings, progress, chart, facts, work } = useLoaderData<typeof loader>();
  const page = `/parent/${token}`;
  const words = parentProgressWords(firstName);
  return (
    <div className="student-page student-progress parent-page">
      <div className="student-progress-top">
        <div>
          <h1>{M.heading(firstName)}</h1>
          <p className="lead">{M.lead(firstName, className)}</p>
        </div>
      </div>
      <StatsCards progress={progress} words={words} />
      <div className="student-pair">
        <NextGoalCard progress={progress} words={words} />
        <section className="card" aria-labelledby="set-work-heading" data-testid="set-work">
          <h2 id="set-work-heading">{M.setWork}</h2>
          {work.length > 0 ? <WorkList work={work} /> : <p>{M.setWorkNone}</p>}
        </section>
      </div>
      <StreakAndImprovement progress={progress} words={words} />
      <AccuracyChartView chart={chart} words={words} />
      <section className="card fact-card" id="facts" aria-labelledby="facts-heading">
        <h2 id="facts-heading">
          {M.facts}: {firstName}
        </h2>
        <p>{M.factsText}</p>
        <PlayerFacts
          view={facts}
          hrefOf={(op) => `${opHref(page, {}, op)}#facts`}
          label={`${firstName}'s facts`}
          empty={M.factsEmpty}
        />
      </section>
      <SettingsSummary settings={settings} heading={`What ${firstName} is learning`} />
      <p className="field-hint">{M.until(until)}</p>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[]} />;
}
