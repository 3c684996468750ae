import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { getPlayer } from "~/auth/player.server";
import { SettingsDialog } from "~/components/account/settings-dialog";
import { getMemberProfile } from "~/models/users.server";
import { defaultSoloSettings, soloSettingsFrom, type SoloSettings } from "~/utils/solo-settings";
import { getSessionUser, greetingNameOf } from "~/auth/session.server";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import { dailyPanelRows } from "~/models/leaderboard.server";
import { tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Fast Mental Maths Games for Kids",
    description:
      "Free timed mental arithmetic games: answer as many sums as you can before the clock runs out, take the daily challenge and climb the leaderboards.",
    keywords: ["mental maths", "maths games", "times tables", "timed maths", "KS2 maths", "daily maths challenge"],
    path: "/",
  });

/** Visitors see the welcome; members their menu and the Daily Leaderboard panel (docs/product.md#home). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return { member: null };
  const player = await getPlayer(request);
  const profile = getMemberProfile(user.userId);
  return {
    member: {
      greeting: greetingNameOf(user),
      username: profile?.username ?? "",
      settings: soloSettingsFrom(profile?.soloSettings) ?? defaultSoloSettings(),
    },
    board: tryRead("the daily leaderboard", () => dailyPanelRows(player)),
  };
}

export default function Home() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.member && "board" in loaded ? (
    <MembersHome {...loaded.member} board={loaded.board} />
  ) : (
    <VisitorsHome />
  );
}

function VisitorsHome() {
  return (
    <section className="page hero">
      <h1 className="hero-title">How Fast Can You Think?</h1>
      <p className="lead">
        Race the clock with quick-fire sums. Add, take away, multiply and divide your way up the leaderboard.
      </p>
      <div className="button-row">
        <Link to="/game" className="button button-primary button-large">
          Start Playing
        </Link>
        <Link to="/daily-challenge" className="button button-accent">
          Daily Challenge
        </Link>
        <Link to="/auth" className="button button-secondary">
          Login
        </Link>
      </div>
    </section>
  );
}

function MembersHome({
  greeting,
  username,
  settings,
  board,
}: {
  greeting: string;
  username: string;
  settings: SoloSettings;
  board: Parameters<typeof DailyBoardPanel>[0]["board"];
}) {
  // New scores on the normal board refresh the panel while the page is open.
  useLeaderboardFeed("normal");
  return (
    <div className="page members-home">
      <section className="hero" aria-labelledby="welcome-heading">
        <h1 id="welcome-heading" className="hero-title">
          Welcome back {greeting}
        </h1>
        <p className="lead">Answer as many as you can in 60 seconds</p>
        <div className="button-row">
          <Link to="/game" className="button button-primary button-large">
            Play
          </Link>
          <Link to="/two-player" className="button button-secondary">
            Two Player
          </Link>
          <Link to="/daily-challenge" className="button button-accent">
            Daily Challenge
          </Link>
          <Link to="/leaderboard" className="button button-secondary">
            Leaderboards
          </Link>
          <SettingsDialog username={username} settings={settings} />
          <Form method="post" action="/auth/logout">
            <button type="submit" className="button button-secondary">
              Logout
            </button>
          </Form>
        </div>
      </section>
      <DailyBoardPanel board={board} />
    </div>
  );
}
