import { pageMeta } from "~/utils/meta";

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
