import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Fast Mental Maths Games for Kids",
    description:
      "Free timed mental arithmetic games: answer as many sums as you can before the clock runs out, take the daily challenge and climb the leaderboards.",
    keywords: ["mental maths", "maths games", "times tables", "timed maths", "KS2 maths", "daily maths challenge"],
    path: "/",
  });

export default function Home() {
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
