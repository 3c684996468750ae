import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BoardTable } from "~/components/leaderboard/board-table";
import { ReadFailed } from "~/components/read-failed";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import { getPlayer } from "~/auth/player.server";
import { topPlayers } from "~/models/leaderboard.server";
import { BOARDS, PERIODS, type Board, type Period } from "~/types/leaderboard";
import gameStyles from "~/styles/game.css?url";
import { now } from "~/utils/clock.server";
import { tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Leaderboards",
    description: "The fastest mental maths players today and of all time, on Normal, Hard and Extreme.",
    keywords: ["maths leaderboard", "top scores", "maths high scores"],
    path: "/leaderboard",
  });

const PERIOD_LABELS: Record<Period, string> = { daily: "Daily (24h)", "all-time": "All Time" };
const BOARD_LABELS: Record<Board, string> = { normal: "Normal", hard: "Hard", extreme: "Extreme" };
/** Players shown per board (docs/product.md#boards-and-periods). */
const BOARD_SIZE = 20;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const period = pick(url.searchParams.get("period"), PERIODS, "daily");
  const board = pick(url.searchParams.get("board"), BOARDS, "normal");
  const player = await getPlayer(request);
  const rows = tryRead("a leaderboard", () => topPlayers({ board, period, limit: BOARD_SIZE, now: now(), player }));
  return { period, board, rows };
}

function tabHref(period: Period, board: Board) {
  return `/leaderboard?period=${period}&board=${board}`;
}

export default function LeaderboardPage() {
  const { period, board, rows } = useLoaderData<typeof loader>();
  useLeaderboardFeed(board);

  return (
    <section className="page leaderboards" aria-labelledby="leaderboard-heading">
      <h1 id="leaderboard-heading">Leaderboards</h1>
      <nav aria-label="Time period" className="tabs">
        {PERIODS.map((p) => (
          <Link
            key={p}
            to={tabHref(p, board)}
            className="tab"
            aria-current={p === period ? "page" : undefined}
            preventScrollReset
          >
            {PERIOD_LABELS[p]}
          </Link>
        ))}
      </nav>
      <nav aria-label="Difficulty" className="tabs tabs-sub">
        {BOARDS.map((b) => (
          <Link
            key={b}
            to={tabHref(period, b)}
            className="tab"
            aria-current={b === board ? "page" : undefined}
            preventScrollReset
          >
            {BOARD_LABELS[b]}
          </Link>
        ))}
      </nav>
      <h2 className="board-heading">
        {BOARD_LABELS[board]} · {PERIOD_LABELS[period]}
      </h2>
      {rows.ok ? (
        <BoardTable
          rows={rows.value}
          caption={`${BOARD_LABELS[board]} leaderboard, ${PERIOD_LABELS[period]}`}
          emptyText="No scores yet. Play a game to be the first!"
        />
      ) : (
        <ReadFailed message="Failed to load leaderboard" />
      )}
      <div className="button-row">
        <Link to="/game" className="button button-primary">
          Play Now
        </Link>
      </div>
    </section>
  );
}
