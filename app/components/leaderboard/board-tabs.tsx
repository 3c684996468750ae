import { PlainLink } from "~/components/plain-link";

/**
 * One row of the leaderboard's tabs: plain links (they work without JavaScript), the chosen one marked with
 * aria-current. `hrefOf` gives each tab's address with the other rows' choices kept.
 */
export function BoardTabs<T extends string>({
  label,
  values,
  current,
  labels,
  hrefOf,
  sub = false,
}: {
  label: string;
  values: readonly T[];
  current: T;
  labels: Readonly<Record<T, string>>;
  hrefOf: (value: T) => string;
  /** A second or third row, drawn lighter. */
  sub?: boolean;
}) {
  return (
    <nav aria-label={label} className={sub ? "tabs tabs-sub" : "tabs"}>
      {values.map((value) => (
        <PlainLink
          key={value}
          to={hrefOf(value)}
          className="tab"
          aria-current={value === current ? "page" : undefined}
          preventScrollReset
        >
          {labels[value]}
        </PlainLink>
      ))}
    </nav>
  );
}
