import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description:
      "The rules for using our maths game, for players, families, schools and teachers: fair play, kind display names and your accounts.",
    keywords: ["terms of service", "terms and conditions", "fair play", "schools", "teachers"],
    path: "/terms",
  });

export default function Terms() {
  return (
    <article className="page prose">
      <h1>Terms of Service</h1>
      <p className="updated">Last updated: June 11, 2025</p>
      <p className="lead">
        These terms are the rules for using our website and games. We have tried to keep them short and clear. By using
        the site you agree to them.
      </p>

      <h2>Who can use the site</h2>
      <p>Our service is used by:</p>
      <ul>
        <li>players, who can play anonymously or with their own account (you must be 13 or over to have one);</li>
        <li>parents and carers, who help their children play at home;</li>
        <li>schools and teachers, who set up classes and pupil accounts;</li>
        <li>pupils, who log in with a code given to them by their school.</li>
      </ul>
      <p>
        If you are under 18, please make sure a parent, carer or teacher is happy for you to use the site. How we handle
        personal data is explained in our <Link to="/privacy">privacy policy</Link>.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password private and tell us if you think someone else has used your account. You are responsible for
        what happens on your account. You can delete your account at any time.
      </p>

      <h2>Schools and teachers</h2>
      <p>If you use the service for a school, you agree that:</p>
      <ul>
        <li>
          the school and its teachers are responsible for the pupil accounts they create and the information they enter,
          and have the right to share it with us;
        </li>
        <li>
          teachers are responsible for the 8-digit login codes they hand out, keeping them safe and giving each pupil
          only their own code;
        </li>
        <li>if a code may have been shared or seen by others, the teacher will create a new one;</li>
        <li>
          the school will tell parents and pupils how the service is used, in line with its own data protection duties.
        </li>
      </ul>

      <h2>Fair play</h2>
      <p>
        The leaderboards are only fun if everyone plays fairly. You must not cheat, use bots, scripts or any other
        automated play, tamper with the game or its requests, or try to get around the checks we use. Scores are checked
        by the server: every answer is checked again and the score is worked out on our side. We may remove scores that
        do not look genuine and suspend accounts that break these rules.
      </p>

      <h2>Display names and behaviour</h2>
      <p>Display names appear on public leaderboards, so they must be kind. A display name must not:</p>
      <ul>
        <li>be rude, hurtful, offensive or pretend to be someone else;</li>
        <li>contain personal information, such as a full name, e-mail address, phone number, address or school.</li>
      </ul>
      <p>
        We may change or remove any display name that breaks these rules. Please also be kind in any messages you send
        us, and do not try to harm the site or other people's use of it.
      </p>

      <h2>Our content</h2>
      <p>
        The games, text and design of the site belong to us. You may use them for personal, family and classroom
        learning, but not copy or resell them.
      </p>

      <h2>Availability and changes to the service</h2>
      <p>
        We work hard to keep the site running and accurate, but we cannot promise it will always be available or free
        from mistakes. We may improve, change or stop parts of the service from time to time.
      </p>

      <h2>Our responsibility to you</h2>
      <p>
        The service is provided free of charge and as it is. Nothing in these terms limits any rights you have under UK
        consumer law, or our responsibility for anything the law does not allow us to exclude.
      </p>

      <h2>Ending your use</h2>
      <p>
        You can stop using the service and delete your account whenever you like. We may suspend or close accounts that
        seriously or repeatedly break these terms.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        If we change these terms, we will update the date at the top of this page and give at least 30 days' notice
        before the changes take effect, by e-mail to account holders and schools and by a notice on the site. If you
        keep using the service after that, the new terms apply.
      </p>

      <h2>The law that applies</h2>
      <p>These terms are governed by the laws of England and Wales.</p>

      <h2>Contact us</h2>
      <p>
        If you have a question about these terms, please <Link to="/contact">contact us through our contact page</Link>.
      </p>
    </article>
  );
}
