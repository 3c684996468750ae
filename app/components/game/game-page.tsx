import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import type { ReactNode } from "react";

/*
 * The browser's half of the one game-page skeleton (app/pages/game-page.server.ts): what the page shows is the
 * action's reply if there is one (a refused start), else the loader's.
 */

/** The page's data: `useGamePage<typeof loader>()`, or `<typeof loader, typeof action>` where the action answers otherwise. */
export function useGamePage<Loader, Action = Loader>() {
  const loaded = useLoaderData<Loader>();
  const acted = useActionData<Action>();
  return acted ?? loaded;
}

/**
 * A run played in the page; opened without JavaScript (a kept link), the same run page by page: `what` says which
 * (`game`, `practice`, `check`).
 */
export function PlayInPage({ pagedUrl, what, children }: { pagedUrl: string; what: string; children: ReactNode }) {
  return (
    <>
      <noscript>
        <p className="page page-narrow">
          <a href={pagedUrl}>{`Play this ${what} page by page`}</a>
        </p>
      </noscript>
      {children}
    </>
  );
}

/**
 * A page by page game's metadata: never indexed, and the page moves on by itself when its time is up (a timed game's
 * deadline, a rehearsal's step); a calm game's page has no deadline to show (docs/product.md#calm-mode).
 */
export function pagedMeta(
  args: Parameters<typeof pageMeta>[0] & { data?: unknown },
  page: { title: string; description: string; path: string },
) {
  const tags = pageMeta(args, { ...page, robots: "noindex, nofollow" });
  const d = args.data as
    | { kind: string; stateUrl?: string; refreshSeconds?: number; secondsLeft?: number; questions?: number | null }
    | undefined;
  const seconds =
    d?.refreshSeconds ?? (d?.kind === "play" && d.questions === null ? Math.ceil(d.secondsLeft ?? 0) : null);
  if (seconds !== null && d?.stateUrl) tags.push({ httpEquiv: "refresh", content: `${seconds};url=${d.stateUrl}` });
  return tags;
}
