import { useActionData, useLoaderData } from "@remix-run/react";
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
