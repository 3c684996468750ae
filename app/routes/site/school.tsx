import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Maths Games for Schools",
    description:
      "Timed mental maths practice for your classes: times tables 2 to 12, instant feedback, simple pupil login codes and progress for every pupil.",
    keywords: ["maths games for schools", "classroom maths", "times tables", "KS2 mental maths", "teacher maths tools"],
    path: "/school",
  });

export default function School() {
  return (
    <section className="page">
      <h1>Maths Games for Schools</h1>
      <p className="lead">
        Short, timed bursts of mental arithmetic that build quick, confident recall of number facts, with each pupil's
        progress in one place for their teacher.
      </p>
      <div className="button-row">
        <Link to="/student-login" className="button button-primary">
          Student Login
        </Link>
        <Link to="/teacher-login" className="button button-primary">
          Teacher Login
        </Link>
        <Link to="/live/host" className="button button-secondary">
          Host a live game
        </Link>
        <Link to="/game" className="button button-secondary">
          Back to Single Player
        </Link>
      </div>

      <div className="card-grid">
        <div className="card">
          <h2>Fluency in number facts</h2>
          <p>
            A minute of quick-fire addition, subtraction, multiplication and division helps pupils recall facts
            instantly, freeing their working memory for reasoning and problem solving.
          </p>
        </div>
        <div className="card">
          <h2>Practice that finds the gaps</h2>
          <p>
            Practise my facts asks each pupil the facts they are still learning, chosen from their own answers. In our
            simulation a pupil who knew most of their tables and was shaky on a few knew every fact by heart after about
            2 weeks of a minute or two a day, with about a sixth of the answers random practice needed; one who knew
            only the easier half took about 7 weeks, with under a quarter. At 10 minutes a day we expect 2 to 4 weeks to
            a secure table for the first and 3 to 5 for the second. Under a second model of memory, some children who
            forget fast or knew only half took far longer. These are simulated children, not a classroom trial.
          </p>
        </div>
        <div className="card">
          <h2>Times tables 2 to 12</h2>
          <p>
            Choose which times tables each pupil practises, from 2 to 12, and which operations they see, so every child
            works at the right level, from first steps to confident, quick recall.
          </p>
        </div>
        <div className="card">
          <h2>Instant feedback</h2>
          <p>
            Pupils find out straight away whether each answer is right, and see the correct answer when it is not, so
            mistakes are fixed while the question is still fresh.
          </p>
        </div>
        <div className="card">
          <h2>Progress for every pupil</h2>
          <p>
            Teachers see each pupil's scores, accuracy and recent games, and pupils see their own progress, streaks and
            next goal to aim for.
          </p>
        </div>
        <div className="card">
          <h2>Simple 8-digit login codes</h2>
          <p>
            Pupils log in with an 8-digit code: no e-mail addresses or passwords to remember. Teachers can print login
            cards and make a new code at any time.
          </p>
        </div>
        <div className="card">
          <h2>Works on your school computers</h2>
          <p>
            Small, fast pages that work on old computers, tablets and Chromebooks, even with JavaScript turned off. No
            adverts, and pupils' names are never shown publicly.
          </p>
        </div>
        <div className="card">
          <h2>Want to sign up? Contact us</h2>
          <p>Tell us about your school and we will set up your classes and teacher logins, and help you get started.</p>
          <Link to="/contact" className="button button-primary">
            Contact us about your school
          </Link>
        </div>
      </div>
    </section>
  );
}
