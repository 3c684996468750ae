import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PlayerFacts, opHref } from "~/components/facts/heat-map";
import { StickerBook } from "~/components/facts/stickers";
import { RouteError } from "~/components/route-error";
import { AccuracyChartView } from "~/components/student/accuracy-chart";
import { SettingsSummary, WorkList } from "~/components/student/dashboard";
import { NextGoalCard, StatsCards, StreakAndImprovement } from "~/components/student/progress-panels";
import { OP_SLUGS } from "~/facts/summary";
import factStyles from "~/styles/facts.css?url";
import stickerStyles from "~/styles/stickers.css?url";
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
  { rel: "stylesheet", href: stickerStyles },
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
  const query = new URL(request.url).searchParams;
  return { token, ...parentPageData(token, address, query.get("op"), query.get("stickers")) };
}

export default function ParentPage() {
  const { token, firstName, className, until, settings, progress, chart, facts, work, stickers, now } =
    useLoaderData<typeof loader>();
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
      {stickers ? (
        <section className="card fact-card" id="stickers" aria-labelledby="parent-stickers-heading">
          <h2 id="parent-stickers-heading">{firstName}&apos;s sticker book</h2>
          <p>
            A sticker for each fact {firstName} knows by heart on three different days. Stickers are never taken away.
          </p>
          <StickerBook
            book={stickers.book}
            now={now}
            hrefOf={(op) => `${page}?${new URLSearchParams({ stickers: OP_SLUGS[op] }).toString()}#stickers`}
            empty={`${firstName} has no stickers in this grid yet.`}
            owner={firstName}
          />
          <h3>Certificates</h3>
          {stickers.awards.length === 0 ? (
            <p>None yet: a whole table secure, or the first sticker, earns one.</p>
          ) : (
            <ul data-testid="parent-certificates">
              {stickers.awards.map((award) => (
                <li key={award.id}>
                  <Link to={`${page}/certificates?award=${encodeURIComponent(award.id)}`}>
                    Certificate: {award.words}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <SettingsSummary settings={settings} heading={`What ${firstName} is learning`} />
      <p className="field-hint">{M.until(until)}</p>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[]} />;
}
