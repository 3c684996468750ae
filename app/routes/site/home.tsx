import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { getPlayer } from "~/auth/player.server";
import { PlainLink } from "~/components/plain-link";
import { SettingsDialog } from "~/components/account/settings-dialog";
import { getMemberProfile } from "~/models/users.server";
import { defaultSoloSettings, soloSettingsFrom, type SoloSettings } from "~/utils/solo-settings";
import { getSessionUser, greetingNameOf } from "~/auth/session.server";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { HOME_PANEL } from "~/utils/board-names";
import { Mascot } from "~/components/mascot";
import { useLeaderboardFeed } from "~/components/leaderboard/use-leaderboard-feed";
import { dailyPanelRows } from "~/models/leaderboard.server";
import { challengeInfo, todaysChallenge } from "~/runs/daily.server";
import type { ChallengeInfo } from "~/types/runs";
import { tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { waysToPlay, type WayToPlay } from "~/pages/mode-links.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Fast Mental Maths Games for Kids",
    description:
      "Free timed mental arithmetic games: answer as many sums as you can before the clock runs out, take the daily challenge and climb the leaderboards.",
    keywords: ["mental maths", "maths games", "times tables", "timed maths", "KS2 maths", "daily maths challenge"],
    path: "/",
  });

/**
 * Visitors see the welcome, members their menu; both see today's challenge, the Daily Leaderboard panel and a way
 * into each mode (docs/product.md#home).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const player = await getPlayer(request);
  const challenge = challengeInfo(todaysChallenge());
  const board = tryRead("the daily leaderboard", () => dailyPanelRows(player));
  const ways = waysToPlay();
  if (!user) return { member: null, challenge, board, ways };
  const profile = getMemberProfile(user.userId);
  return {
    member: {
      greeting: greetingNameOf(user),
      username: profile?.username ?? "",
      settings: soloSettingsFrom(profile?.soloSettings) ?? defaultSoloSettings(),
      calm: profile?.soloSettings?.calm === true,
    },
    challenge,
    board,
    ways,
  };
}

export default function Home() {
  const { member, challenge, board, ways } = useLoaderData<typeof loader>();
  // New scores on the normal board refresh the panel while the page is open.
  useLeaderboardFeed("normal");
  return (
    <div className="home">
      {member ? <MembersWelcome {...member} /> : <VisitorsWelcome />}
      <div className="card-grid home-today">
        <TodaysChallenge challenge={challenge} />
        <DailyBoardPanel board={board} shows={HOME_PANEL} />
      </div>
      <WaysToPlay ways={ways} />
    </div>
  );
}

function VisitorsWelcome() {
  return (
    <section className="page hero">
      <Mascot />
      <h1 className="hero-title">How Fast Can You Think?</h1>
      <p className="lead">
        Race the clock with quick-fire sums. Add, take away, multiply and divide your way up the leaderboard.
      </p>
      <div className="button-row">
        <PlainLink to="/game" className="button button-primary button-large">
          Start Playing
        </PlainLink>
        <PlainLink to="/daily-challenge" className="button button-accent">
          Daily Challenge
        </PlainLink>
        <PlainLink to="/auth" className="button button-secondary">
          Login
        </PlainLink>
      </div>
    </section>
  );
}

function MembersWelcome({
  greeting,
  username,
  settings,
  calm,
}: {
  greeting: string;
  username: string;
  settings: SoloSettings;
  calm: boolean;
}) {
  return (
    <section className="page hero members-home" aria-labelledby="welcome-heading">
      <Mascot />
      <h1 id="welcome-heading" className="hero-title">
        Welcome back {greeting}
      </h1>
      <p className="lead">Answer as many as you can in 60 seconds</p>
      <div className="button-row">
        <PlainLink to="/game" className="button button-primary button-large">
          Play
        </PlainLink>
        <PlainLink to="/two-player" className="button button-secondary">
          Two Player
        </PlainLink>
        <PlainLink to="/daily-challenge" className="button button-accent">
          Daily Challenge
        </PlainLink>
        <PlainLink to="/leaderboard" className="button button-secondary">
          Leaderboards
        </PlainLink>
        <PlainLink to="/facts" className="button button-secondary">
          My facts
        </PlainLink>
        <PlainLink to="/live/host" className="button button-secondary">
          Host a live game
        </PlainLink>
        <SettingsDialog username={username} settings={settings} calm={calm} />
        <Form method="post" action="/auth/logout">
          <button type="submit" className="button button-secondary">
            Logout
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Today's challenge (the server's UTC date), with the way to play it. */
function TodaysChallenge({ challenge }: { challenge: ChallengeInfo }) {
  return (
    <section className="card home-challenge" aria-labelledby="home-challenge-heading">
      <h2 id="home-challenge-heading">
        <span className="home-eyebrow">Today’s Daily Challenge</span>
        <span className="visually-hidden">: </span>
        {challenge.title}
      </h2>
      <p>{challenge.description}</p>
      <p>
        Time limit: <strong>{challenge.timeLimit} seconds</strong>
      </p>
      <p className="home-card-action">
        <PlainLink to="/daily-challenge" className="button button-accent">
          Play today’s challenge
        </PlainLink>
      </p>
    </section>
  );
}

/** A way into each mode; the daily challenge has its own card above. */
function WaysToPlay({ ways }: { ways: readonly WayToPlay[] }) {
  return (
    <section className="page home-modes" aria-labelledby="modes-heading">
      <h2 id="modes-heading">Ways to play</h2>
      <ul className="card-grid home-mode-list">
        {ways.map((mode) => (
          <li key={mode.to} className="card home-mode">
            <h3>{mode.heading}</h3>
            <p>{mode.text}</p>
            <p className="home-card-action">
              <PlainLink to={mode.to} className="button button-secondary">
                {mode.action}
              </PlainLink>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
