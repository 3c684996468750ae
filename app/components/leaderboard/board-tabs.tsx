import { PlainLink } from "~/components/plain-link";
import { BOARDS, BOARD_TIMES, PERIODS, type Board, type BoardTime, type Period } from "~/types/leaderboard";
import { BOARD_LABELS, PERIOD_LABELS, TIME_LABELS, boardHref } from "~/utils/board-names";
import { useCachedMarkup } from "~/utils/markup-cache";

/**
 * One row of the leaderboard's tabs: plain links (they work without JavaScript), the chosen one marked with
 * aria-current. `hrefOf` gives each tab's address with the other rows' choices kept.
 */
function BoardTabs<T extends string>({
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

type ChoiceProps = { period: Period; board: Board; time: BoardTime };

/**
 * The leaderboard page's three rows of tabs (period, difficulty, game length). They are the same for every visitor of
 * the same board, so the server keeps their markup (useCachedMarkup, docs/decisions/0033-kept-markup-for-boards.md).
 */
export function BoardChoice(props: ChoiceProps) {
  const kept = useCachedMarkup(ChoiceTabs, { period: props.period, board: props.board, time: props.time });
  return (
    <div className="board-choice" dangerouslySetInnerHTML={kept.dangerouslySetInnerHTML}>
      {kept.children}
    </div>
  );
}

export function ChoiceTabs({ period, board, time }: ChoiceProps) {
  return (
    <>
      <BoardTabs
        label="Time period"
        values={PERIODS}
        current={period}
        labels={PERIOD_LABELS}
        hrefOf={(p) => boardHref(p, board, time)}
      />
      <BoardTabs
        label="Difficulty"
        values={BOARDS}
        current={board}
        labels={BOARD_LABELS}
        hrefOf={(b) => boardHref(period, b, time)}
        sub
      />
      <BoardTabs
        label="Game length"
        values={BOARD_TIMES}
        current={time}
        labels={TIME_LABELS}
        hrefOf={(t) => boardHref(period, board, t)}
        sub
      />
    </>
  );
}
