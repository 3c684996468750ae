import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description:
      "What information our maths game collects, why, how long we keep it, and the rights you have under UK GDPR.",
    keywords: ["privacy policy", "children's privacy", "UK GDPR", "cookies", "data protection"],
    path: "/privacy",
  });

export default function Privacy() {
  return (
    <article className="page prose">
      <h1>Privacy Policy</h1>
      <p className="updated">Last updated: January 2025</p>
      <p className="lead">
        We collect as little as we can, we never sell it, and we never show adverts. This page explains what we hold,
        why, and for how long.
      </p>

      <h2>Who we are</h2>
      <p>
        In this policy, "we" and "us" mean the team that runs this maths game website. We are responsible for the
        personal data of people who play and of people who have an account with us. You can reach us at any time through
        our <Link to="/contact">contact page</Link>.
      </p>

      <h2>What we collect</h2>
      <p>You can play without giving us any personal information. If you choose to do more, we collect:</p>
      <ul>
        <li>
          <strong>Account details:</strong> your e-mail address, a password (stored only as a secure one-way hash) and
          your display name. If you sign in with Google or Facebook, we receive your e-mail address and name from them.
        </li>
        <li>
          <strong>Scores:</strong> your game results, such as score, number of questions, game type and date. Scores
          from anonymous play are saved without a name. With them we keep a code worked out from the address of the
          internet connection they came from (never the address itself, and it cannot be turned back into it), so that
          one connection, such as a whole school's, holds at most 5 places on a leaderboard.
        </li>
        <li>
          <strong>Messages to us:</strong> your name, e-mail address and what you write when you use the contact form.
        </li>
        <li>
          <strong>Usage statistics:</strong> basic information such as which pages are visited and how many games are
          played, used to keep the site working well. We do not use it to build profiles of individuals.
        </li>
      </ul>

      <h2>Schools, teachers and pupils</h2>
      <p>
        When a school uses our service, the school enters and manages: pupils' first names, their class, the teachers'
        names (and e-mail addresses if given), the 8-digit login codes, and the results of the games pupils play. The
        school decides what is entered and is responsible for that data; we hold it on the school's behalf and use it
        only to run the service for them. Pupils' names are shown only inside their school's area, never on public
        leaderboards. Parents with questions about school data should speak to the school first.
      </p>

      <h2>Parent links</h2>
      <p>
        A teacher can give a pupil&apos;s parents or carers a link to a page of that pupil&apos;s progress: their
        scores, how they are getting better and which sums they know. It needs no account. The page shows only the
        pupil&apos;s first name and class, never their full name, school or login code. It sets no cookie, and search
        engines are asked not to list it.
      </p>
      <p>
        We do not keep the link itself: only a code worked out from it, with the pupil it belongs to, when it was given,
        and what our server needs to print the letter again. A link works for one year, and then we delete it. The
        teacher can stop a link at any time, and it stops at once. We do not record who opens the page. Anyone who has
        the link can see the page, so please keep it in your family, and ask the teacher to stop it if it has been
        shared by mistake.
      </p>

      <h2>Weekly e-mail to teachers</h2>
      <p>
        A teacher can ask for a weekly e-mail about their own classes. It goes only to the address the teacher gives us,
        and only after they open a link we send to it first. It says which of their pupils played that week, who
        improved, who needs help and the sums the class gets wrong most, with the pupils&apos; names as the teacher sees
        them on their dashboard. It has no pictures and nothing that tracks whether it was opened. We also use the
        address to send the teacher a link to log in once, when the Teacher Login page refuses their code on a computer
        that has not logged in before. A teacher can give us an address for that alone, without the weekly e-mail; it
        too is used only after they open the link we send to it first.
      </p>
      <p>
        We keep the address, when the teacher last confirmed it (opening a link to log in confirms it again) and the
        week the last e-mail went, with the teacher&apos;s record, until they ask us to forget it. Every e-mail has a
        link to stop it, which works without logging in; when it is used, we delete the address. On their dashboard the
        teacher can stop the e-mail and keep the address for links to log in, or empty the address, and then we delete
        it.
      </p>

      <h2>How we use your information</h2>
      <ul>
        <li>To run the game, save your scores and show the leaderboards.</li>
        <li>To keep your account working, including sign-in and password reset e-mails.</li>
        <li>To check scores are genuine and to protect the site from cheating and abuse.</li>
        <li>To answer your messages.</li>
        <li>To understand how the site is used so we can improve it.</li>
      </ul>
      <p>
        Our legal bases under UK GDPR are: performing our agreement with you (running your account), our legitimate
        interests (keeping the site safe, fair and working), and your consent where we ask for it.
      </p>

      <h2>No advertising, no selling data</h2>
      <p>
        We do not show adverts, we do not use advertising or tracking cookies, and we never sell or rent your personal
        data to anyone. We share data only with the service providers who host the site and send our e-mails, under
        contracts that require them to protect it, or where the law requires us to.
      </p>

      <h2>Cookies</h2>
      <p>We use only a few cookies, all needed for the site to work:</p>
      <ul>
        <li>
          <strong>Session cookie:</strong> keeps you signed in (as a member, teacher or pupil) until you log out.
        </li>
        <li>
          <strong>Anonymous player cookie:</strong> a signed cookie that lets us mark your own scores on the leaderboard
          when you play without an account. It contains a random identifier, not your name.
        </li>
        <li>
          <strong>Message cookie:</strong> a short-lived cookie that carries a one-off message, such as "Score saved",
          to the next page.
        </li>
        <li>
          <strong>Game settings cookie:</strong> when you play without an account, remembers the difficulty, sums and
          time you chose last, so the game starts with them next time. It holds nothing else.
        </li>
        <li>
          <strong>Login tries cookie:</strong> for security, after a wrong teacher or pupil login code, holds random
          identifiers of the last few wrong codes (never the codes) for 15 minutes, so that typing the right code soon
          after does not count the slip against your school. It is removed when you log in.
        </li>
        <li>
          <strong>Known logins cookie:</strong> for security, after a teacher or pupil logs in with the right code,
          holds the identifiers of the last 5 school accounts that logged in on this browser (never names or codes) for
          90 days, so that their right code still works here even when wrong codes typed by someone else have made the
          login pages wait.
        </li>
        <li>
          <strong>Live game cookie:</strong> for security, when you join a live game, holds a random identifier of this
          browser (never a name) for a year, so that a player the host took out of a game cannot join it again.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Account data is kept for 2 years after your last login, then deleted.</li>
        <li>Support communications are kept for 1 year.</li>
        <li>
          The answer-by-answer record of a game is kept for 90 days; its score stays with your results and on the
          leaderboards.
        </li>
        <li>The connection code of an anonymous score is kept with that score, for as long as the score is.</li>
        <li>
          Which sums and times tables a player knows, and how fast they answer them, is kept with their account or pupil
          record for as long as that is kept, and for anonymous play for 400 days after the last game. It holds no
          names.
        </li>
        <li>Analytics (usage statistics) are kept for up to 3 years.</li>
        <li>School data is kept while the school uses the service and is deleted when the school asks.</li>
        <li>
          A pupil who leaves their school at a new school year is archived: they can no longer log in, and one year
          later we erase them and all their results.
        </li>
        <li>Work a teacher sets a class, with its note, is deleted 8 weeks after its due date.</li>
      </ul>

      <h2>Children</h2>
      <p>
        You must be at least 13 years old to create your own account. Children under 13 can play anonymously without an
        account, or through their school, where the school is responsible for their account. Public display names are
        made-up names by default, and we check chosen names so they do not contain personal details.
      </p>

      <h2>Your rights</h2>
      <p>Under UK GDPR you have the right to:</p>
      <ul>
        <li>ask for a copy of the personal data we hold about you;</li>
        <li>ask us to correct data that is wrong;</li>
        <li>ask us to delete your data (you can also delete your account yourself in your settings);</li>
        <li>object to, or ask us to limit, how we use your data;</li>
        <li>receive your data in a portable format;</li>
        <li>withdraw consent at any time where we rely on it.</li>
      </ul>
      <p>
        We answer a deletion request, and any other rights request, within one month. If you are unhappy with how we
        handle your data, you can complain to the Information Commissioner's Office (ICO), though we would be grateful
        for the chance to put things right first.
      </p>

      <h2>A school&apos;s data: exports and erasure</h2>
      <p>
        A school can have all of its data, at any time, in open formats: a zip of spreadsheet (CSV) files, or one JSON
        file. It holds the school, its teachers, classes and pupils, every game&apos;s result and answers, and what each
        pupil knows of each sum. Login codes are left out, because a code is a password.
      </p>
      <p>
        When a school asks, we erase a pupil: their name, results, games, fact records and logins all go at once, and
        cannot be brought back. We keep a note that a pupil of that class was erased, when, and by whom, for one year.
        The note never holds the pupil&apos;s name.
      </p>
      <p>
        An erased pupil, a deleted account and anything our retention deletes are overwritten in the database at once,
        not just hidden. Copies made to recover from a failure still hold them for a while: our own backups for at most
        30 days, our hosting provider&apos;s daily copies of the disk for 5 days, and the database&apos;s replication
        files for a few minutes. Then they are gone from those too.
      </p>

      <h2>Keeping data safe</h2>
      <p>
        All connections to the site are encrypted, passwords are hashed, and access to data is limited to what each
        person needs. If a data breach happens that puts your rights at risk, we will notify the ICO within 72 hours of
        becoming aware of it, and tell you without undue delay where required.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we make important changes, we will update the date at the top of this page and, where it affects account
        holders, tell them by e-mail.
      </p>

      <h2>Contact us</h2>
      <p>
        For any privacy question or request, please <Link to="/contact">contact us through our contact page</Link>.
      </p>
    </article>
  );
}
