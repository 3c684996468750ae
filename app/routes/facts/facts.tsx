import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPlayer } from "~/auth/player.server";
import { PlayerFacts, opHref } from "~/components/facts/heat-map";
import { playerMapView } from "~/facts/summary";
import { factBooksOf } from "~/models/fact-records.server";
import factStyles from "~/styles/facts.css?url";
import { pageMeta } from "~/utils/meta";

/*
 * "My facts" (docs/product.md#heat-maps): the heat map of the member or visitor behind the request, and only theirs.
 * A visitor who has never played has no player yet: the page says so and makes none.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: factStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "My facts",
    description: "Every sum and times-table fact you have met, and how well you know it.",
    path: "/facts",
    robots: "noindex, nofollow",
  });

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  const asked = new URL(request.url).searchParams.get("op");
  return { member: player?.kind === "member", facts: playerMapView(player ? factBooksOf(player) : {}, asked) };
}

export default function FactsPage() {
  const { member, facts } = useLoaderData<typeof loader>();
  return (
    <section className="page fact-page" aria-labelledby="facts-heading">
      <h1 id="facts-heading">My facts</h1>
      <p className="lead">
        Every fact you have met in your games. A ★ or ✓ means you know it by heart. A ✗ needs practice.
      </p>
      {member ? null : <p>These are kept in this browser.</p>}
      <PlayerFacts
        view={facts}
        hrefOf={(op) => opHref("/facts", {}, op)}
        label="My facts"
        empty="No facts yet. Play a game and they will show here."
      />
      <p className="fact-actions">
        <Link to="/game" className="button">
          Play a game
        </Link>{" "}
        <Link to="/facts/stickers" className="button button-secondary">
          My sticker book
        </Link>
      </p>
    </section>
  );
}
