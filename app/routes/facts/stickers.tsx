import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPlayer } from "~/auth/player.server";
import { opHref } from "~/components/facts/heat-map";
import { StickerBook } from "~/components/facts/stickers";
import { stickerBookView } from "~/facts/stickers";
import { factBooksOf } from "~/models/fact-records.server";
import { stickersOf } from "~/models/stickers.server";
import factStyles from "~/styles/facts.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import { now } from "~/utils/clock.server";
import { pageMeta } from "~/utils/meta";

/*
 * "My sticker book" (docs/product.md#sticker-book): the stickers of the member or visitor behind the request, laid
 * out as their heat map (/facts). A visitor who has never played has no player yet: the page says so and makes none.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: factStyles },
  { rel: "stylesheet", href: stickerStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "My sticker book",
    description: "A sticker for every fact you know by heart on three different days.",
    path: "/facts/stickers",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  const asked = new URL(request.url).searchParams.get("op");
  const at = now();
  const book = player
    ? stickerBookView(stickersOf(player), factBooksOf(player), asked, at)
    : stickerBookView([], {}, asked, at);
  return { member: player?.kind === "member", book, now: at };
}

export default function StickersPage() {
  const { member, book, now } = useLoaderData<typeof loader>();
  return (
    <section className="page fact-page" aria-labelledby="stickers-heading">
      <h1 id="stickers-heading">My sticker book</h1>
      <p className="lead">
        A fact earns its sticker when you know it by heart on three different days. Stickers stay in your book.
      </p>
      {member ? null : <p>These are kept in this browser.</p>}
      <StickerBook
        book={book}
        now={now}
        hrefOf={(op) => opHref("/facts/stickers", {}, op)}
        empty="No stickers yet. Play a game, and come back on other days."
      />
      <p className="fact-actions sticker-actions">
        <Link to="/facts">My facts</Link> · <Link to="/game/practice">Practise my facts</Link>
      </p>
    </section>
  );
}
