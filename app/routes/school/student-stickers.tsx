import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { opHref } from "~/components/facts/heat-map";
import { STICKER_BOOK, StickerBook } from "~/components/facts/stickers";
import { rewardsOffForStudent } from "~/models/stickers.server";
import { stickerBookData } from "~/pages/sticker-book.server";
import { loadStudentHome } from "~/pages/student-home.server";
import factStyles from "~/styles/facts.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import studentStyles from "~/styles/student.css?url";
import { privateHead } from "~/utils/private-head";

/*
 * The pupil's sticker book (docs/product.md#sticker-book): only their own, laid out as "My facts" on their progress
 * page. When their teacher has switched rewards off for the class, the page says so and shows none.
 */

export const { links, meta, headers } = privateHead(
  [studentStyles, factStyles, stickerStyles],
  STICKER_BOOK,
  "/student-stickers",
);

export async function loader({ request }: LoaderFunctionArgs) {
  const { student } = await loadStudentHome(request);
  if (rewardsOffForStudent(student.studentId)) return { off: true as const };
  return { off: false as const, ...stickerBookData({ kind: "student", studentId: student.studentId }, request) };
}

export default function StudentStickersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="student-page">
      <section className="card fact-card" aria-labelledby="stickers-heading">
        <h1 id="stickers-heading">{STICKER_BOOK.title}</h1>
        {data.off ? (
          <p>Your class does not use stickers. Your facts are on your progress page.</p>
        ) : (
          <>
            <p className="lead">{STICKER_BOOK.lead}</p>
            <StickerBook
              book={data.book}
              now={data.now}
              hrefOf={(op) => opHref("/student-stickers", {}, op)}
              empty={STICKER_BOOK.empty}
            />
          </>
        )}
        <p className="fact-actions sticker-actions">
          {data.off ? null : (
            <>
              <Link to="/student-certificates">Print my certificates</Link> ·{" "}
            </>
          )}
          <Link to="/student-progress">My progress</Link> · <Link to="/student-game">Back to my games</Link>
        </p>
      </section>
    </div>
  );
}
