import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPlayer } from "~/auth/player.server";
import { opHref } from "~/components/facts/heat-map";
import { STICKER_BOOK, StickerBook } from "~/components/facts/stickers";
import { stickerBookData } from "~/pages/sticker-book.server";
import factStyles from "~/styles/facts.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import { privateHead } from "~/utils/private-head";

/*
 * "My sticker book" (docs/product.md#sticker-book): the stickers of the member or visitor behind the request, laid
 * out as their heat map (/facts). A visitor who has never played has no player yet: the page says so and makes none.
 */

export const { links, meta, headers } = privateHead([factStyles, stickerStyles], STICKER_BOOK, "/facts/stickers");

export async function loader({ request }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  return { member: player?.kind === "member", ...stickerBookData(player, request) };
}

export default function StickersPage() {
  const { member, book, now } = useLoaderData<typeof loader>();
  return (
    <section className="page fact-page" aria-labelledby="stickers-heading">
      <h1 id="stickers-heading">{STICKER_BOOK.title}</h1>
      <p className="lead">{STICKER_BOOK.lead}</p>
      {member ? null : <p>These are kept in this browser.</p>}
      <StickerBook
        book={book}
        now={now}
        hrefOf={(op) => opHref("/facts/stickers", {}, op)}
        empty={STICKER_BOOK.empty}
      />
      <p className="fact-actions sticker-actions">
        {member ? (
          <>
            <Link to="/facts/certificates">Print my certificates</Link> ·{" "}
          </>
        ) : null}
        <Link to="/facts">My facts</Link> · <Link to="/game/practice">Practise my facts</Link>
      </p>
    </section>
  );
}
