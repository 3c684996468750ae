import { Link } from "@remix-run/react";
import type { OverviewRowView, OverviewSort, SortDirection } from "~/types/teacher";
import { COLOUR_WORDS, TEACHER_MESSAGES as M, trendWords } from "~/utils/teacher-messages";

/*
 * The class overview (docs/product.md#teachers): one table of every student, sorted by a column heading's link
 * (a GET, so it works without JavaScript); the chosen column's heading says its order to screen readers too.
 */

const COLUMNS: { sort: OverviewSort; label: string }[] = [
  { sort: "name", label: "Student" },
  { sort: "week", label: "Games this week" },
  { sort: "average", label: "Average score" },
  { sort: "trend", label: "Accuracy trend" },
  { sort: "last", label: "Last game" },
];

const ORDER_WORDS: Record<OverviewSort, Record<SortDirection, string>> = {
  name: { asc: "A to Z", desc: "Z to A" },
  week: { asc: "fewest first", desc: "most first" },
  average: { asc: "lowest first", desc: "highest first" },
  trend: { asc: "slipping first", desc: "improving first" },
  last: { asc: "longest ago first", desc: "most recent first" },
};

export function ClassOverview({
  classId,
  className,
  sort,
  dir,
  rows,
}: {
  classId: string;
  className: string;
  sort: OverviewSort;
  dir: SortDirection;
  rows: OverviewRowView[];
}) {
  const query = (column: OverviewSort, direction: SortDirection) =>
    `?class=${encodeURIComponent(classId)}&sort=${column}&dir=${direction}`;
  if (rows.length === 0) return <p>No students in this class yet.</p>;
  return (
    <div className="teacher-table-wrap">
      <table className="teacher-table overview-table">
        <caption>
          Every student of {className}, sorted by {COLUMNS.find((c) => c.sort === sort)!.label.toLowerCase()},{" "}
          {ORDER_WORDS[sort][dir]}.{sort === "name" ? null : " Students with nothing in that column come first."}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const current = column.sort === sort;
              // A new column starts ascending (lowest first: who needs help is on top); the current one flips.
              const next: SortDirection = current && dir === "asc" ? "desc" : "asc";
              return (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={current ? (dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  <Link to={query(column.sort, next)} preventScrollReset>
                    {column.label}
                    <span className="visually-hidden">, sort {ORDER_WORDS[column.sort][next]}</span>
                    {current ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="overview-row">
              <th scope="row">{row.name}</th>
              <td>{row.gamesThisWeek}</td>
              <td>
                {row.averageScore === null || row.colour === null ? (
                  M.noGames
                ) : (
                  <>
                    {row.averageScore}%{" "}
                    <span className={`colour-word colour-${row.colour}`}>{COLOUR_WORDS[row.colour]}</span>
                  </>
                )}
              </td>
              <td>
                <span className={`trend ${trendClass(row.trend)}`}>
                  <span aria-hidden="true">{trendArrow(row.trend)}</span> {trendWords(row.trend)}
                </span>
              </td>
              <td>{row.lastGame ? <time dateTime={row.lastGame.dateTime}>{row.lastGame.day}</time> : M.noGames}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const trendArrow = (trend: number | null) => (trend === null ? "·" : trend > 0 ? "↑" : trend < 0 ? "↓" : "→");
const trendClass = (trend: number | null) =>
  trend === null ? "trend-none" : trend > 0 ? "trend-up" : trend < 0 ? "trend-down" : "trend-steady";
