import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { opHref } from "~/components/facts/heat-map";
import { StickerBook } from "~/components/facts/stickers";
import { stickerBookView } from "~/facts/stickers";
import { factBooksOf } from "~/models/fact-records.server";
import { rewardsOffForStudent, stickersOf } from "~/models/stickers.server";
import { loadStudentHome } from "~/pages/student-home.server";
import factStyles from "~/styles/facts.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import studentStyles from "~/styles/student.css?url";
import { now } from "~/utils/clock.server";
import { pageMeta } from "~/utils/meta";

/*
 * The pupil's sticker book (docs/product.md#sticker-book): only their own, laid out as "My facts" on their progress
 * page. When their teacher has switched rewards off for the class, the page says so and shows none.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: studentStyles },
  { rel: "stylesheet", href: factStyles },
  { rel: "stylesheet", href: stickerStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "My sticker book",
    description: "A sticker for every fact you know by heart on three different days.",
    path: "/student-stickers",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { student } = await loadStudentHome(request);
  if (rewardsOffForStudent(student.studentId)) return { off: true as const };
  const player = { kind: "student" as const, studentId: student.studentId };
  const asked = new URL(request.url).searchParams.get("op");
  const at = now();
  return { off: false as const, book: stickerBookView(stickersOf(player), factBooksOf(player), asked, at), now: at };
}

export default function StudentStickersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="student-page">
      <section className="card fact-card" aria-labelledby="stickers-heading">
        <h1 id="stickers-heading">My sticker book</h1>
        {data.off ? (
          <p>Your class does not use stickers. Your facts are on your progress page.</p>
        ) : (
          <>
            <p className="lead">
              A fact earns its sticker when you know it by heart on three different days. Stickers stay in your book.
            </p>
            <StickerBook
              book={data.book}
              now={data.now}
              hrefOf={(op) => opHref("/student-stickers", {}, op)}
              empty="No stickers yet. Play a game, and come back on other days."
            />
          </>
        )}
        <p className="fact-actions sticker-actions">
          <Link to="/student-progress">My progress</Link> · <Link to="/student-game">Back to my games</Link>
        </p>
      </section>
    </div>
  );
}
