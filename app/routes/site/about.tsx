import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "About Us",
    description:
      "Why a parent built a fast, free mental maths game for children: no adverts, works on old school computers, and scores checked fairly.",
    keywords: ["about", "mental maths game", "maths for kids", "parent-made", "no adverts", "children's privacy"],
    path: "/about",
  });

export default function About() {
  const siteName = useRouteLoaderData<RootData>("root")?.siteName ?? "this game";
  return (
    <article className="page prose">
      <h1>About Us</h1>
      <p className="lead">Hello, and welcome. I'm a parent, and I built {siteName} for my own children first.</p>

      <h2>Why I built it</h2>
      <p>
        Like a lot of parents, I watched my children get stuck on sums they half-knew. They could work out 7 × 8 if they
        had time, but in a lesson or a test that time runs out, and the worry of running out makes it worse. What helps
        is a little practice, often, until the answers come without counting on fingers.
      </p>
      <p>
        The maths games we tried were either slow, buried under adverts, or wanted an account and an e-mail address
        before a child could answer a single question. So I made the game I wanted for my own kitchen table: open it,
        press start, and answer as many as you can before the clock runs out. Then beat your own score tomorrow.
      </p>

      <h2>What I think makes it good</h2>
      <ul>
        <li>
          <strong>No adverts, ever.</strong> Children should be able to practise without being sold to. There are no
          advertising or tracking scripts on the site.
        </li>
        <li>
          <strong>It works on old computers.</strong> School laptops and hand-me-down tablets are often years out of
          date. The pages are small and quick, and every game and form works even with JavaScript switched off.
        </li>
        <li>
          <strong>Scores are checked by the server.</strong> Every answer is checked again on our side and the score is
          worked out there, so the leaderboards are fair and a high score means real effort.
        </li>
        <li>
          <strong>Children's privacy comes first.</strong> You can play without an account. Public names are friendly
          made-up ones by default, pupils' names stay inside their school's area, and we never sell data. Our{" "}
          <Link to="/privacy">privacy policy</Link> explains it in plain words.
        </li>
      </ul>

      <h2>For families and for schools</h2>
      <p>
        At home you can play on your own, race each other in a two-player game on one device, or try the daily
        challenge. Schools can set their pupils up with simple login codes so teachers can see how each child is getting
        on. If you're a teacher, have a look at <Link to="/school">our page for schools</Link>.
      </p>

      <h2>Get in touch</h2>
      <p>
        I read every message. If something doesn't work on your device, if you have an idea, or if your child has found
        a bug, please <Link to="/contact">send us a message</Link>. Thank you for playing.
      </p>

      <div className="button-row">
        <Link to="/" className="button button-primary">
          Back to Home
        </Link>
      </div>
    </article>
  );
}
