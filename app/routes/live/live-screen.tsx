import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BigScreen } from "~/components/live/big-screen";
import { RouteError } from "~/components/route-error";
import { hostAction, raceOf } from "~/live-hub/registry.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { livePaths } from "~/live/protocol";
import { qrCode } from "~/school/qr-code.server";
import { readForm } from "~/utils/request.server";
import { joinLink, requireHostedGame } from "./live.server";
import { liveHead } from "./live-head";

/* The big screen (docs/product.md#live-game): for the game's host only; the race itself needs JavaScript. */

export const { links, meta } = liveHead({
  title: "Live game",
  description: "The big screen of a live maths game.",
  path: livePaths.host,
  robots: "noindex, nofollow",
});

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const game = await requireHostedGame(request, params.code);
  const link = joinLink(game.code);
  return { race: raceOf(game), joinLink: link, qr: await qrCode(link) };
}

const INTENTS = ["start", "end", "again", "close"] as const;
/** The door's switches (docs/product.md#live-game): lock and unlock, guests in or out. */
const DOOR = {
  lock: { locked: true },
  unlock: { locked: false },
  "guests-on": { guests: true },
  "guests-off": { guests: false },
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const game = await requireHostedGame(request, params.code);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "remove") {
    hostAction(game.code, { kind: "remove", id: form.get("id") ?? "" });
  } else if (typeof intent === "string" && Object.hasOwn(DOOR, intent)) {
    hostAction(game.code, { kind: "door", ...DOOR[intent as keyof typeof DOOR] });
  } else if ((INTENTS as readonly unknown[]).includes(intent)) {
    hostAction(game.code, { kind: intent as (typeof INTENTS)[number] });
    if (intent === "close") return redirect(livePaths.host, { headers: { "Cache-Control": "no-store" } });
  }
  return redirect(livePaths.screen(game.code), { headers: { "Cache-Control": "no-store" } });
}

export default function LiveScreen() {
  const { race, joinLink, qr } = useLoaderData<typeof loader>();
  return (
    <section className="page live-page live-screen-page" aria-labelledby="live-screen-heading">
      <h1 id="live-screen-heading">Live game</h1>
      <noscript>
        <p className="notice">{M.needsJavaScript}</p>
      </noscript>
      <BigScreen first={race} joinLink={joinLink} qr={qr} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: livePaths.host, label: "Host a live game" }]} />;
}
