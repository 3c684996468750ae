import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BoardTable } from "~/components/leaderboard/board-table";
import { BoardChoice } from "~/components/leaderboard/board-tabs";
import { ReadFailed } from "~/components/read-failed";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import { getPlayer } from "~/auth/player.server";
import { topPlayers } from "~/models/leaderboard.server";
import type { TimeLimit } from "~/game";
import { BOARDS, BOARD_TIMES, PERIODS } from "~/types/leaderboard";
import gameStyles from "~/styles/game.css?url";
import { now } from "~/utils/clock.server";
import { BOARD_LABELS, PERIOD_LABELS, TIME_NAMES } from "~/utils/board-names";
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

/** Players shown per board (docs/product.md#boards-and-periods). */
const BOARD_SIZE = 20;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const period = pick(url.searchParams.get("period"), PERIODS, "daily");
  const board = pick(url.searchParams.get("board"), BOARDS, "normal");
  const time = pick(url.searchParams.get("time"), BOARD_TIMES, "all");
  const timeLimit = time === "all" ? null : (Number(time) as TimeLimit);
  const player = await getPlayer(request);
  const rows = tryRead("a leaderboard", () =>
    topPlayers({ board, period, limit: BOARD_SIZE, now: now(), player, timeLimit }),
  );
  return { period, board, time, rows };
}

export default function LeaderboardPage() {
  const { period, board, time, rows } = useLoaderData<typeof loader>();
  const shown = `${BOARD_LABELS[board]} · ${PERIOD_LABELS[period]}${time === "all" ? "" : ` · ${TIME_NAMES[time]}`}`;
  useLeaderboardFeed(board);

  return (
    <section className="page leaderboards" aria-labelledby="leaderboard-heading">
      <h1 id="leaderboard-heading">Leaderboards</h1>
      <BoardChoice period={period} board={board} time={time} />
      <h2 className="board-heading">{shown}</h2>
      {rows.ok ? (
        <BoardTable
          rows={rows.value}
          caption={`${BOARD_LABELS[board]} leaderboard, ${PERIOD_LABELS[period]}${time === "all" ? "" : `, ${TIME_NAMES[time]}`}`}
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
