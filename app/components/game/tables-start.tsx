import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { TABLES_OPERATIONS, TIMES_TABLE_NUMBERS } from "~/game";
import { tablesSettingsSent, tablesSettingsToParams, type TablesSettings } from "~/utils/tables-settings";
import { OperationsChoice, PlayCalmlyLink, TimeLimitChoice } from "./start-choices";
import { ChoiceCards, StartButton, StartScreen } from "./start-screen";

/** The texts of the times-tables start (docs/product.md#times-tables-game). */
export const TABLES_START_TEXTS = {
  heading: "Times tables",
  lead: "Pick one table, or tick a few for a mix. Then answer as many as you can before the clock runs out.",
  button: "Start times tables",
  all: "Tick all the tables",
} as const;

/** The form's own query string with every table ticked (`mode` is the start link's, not the form's). */
function allTablesParams(chosen: TablesSettings): URLSearchParams {
  const params = tablesSettingsToParams({ ...chosen, tables: [...TIMES_TABLE_NUMBERS] });
  params.delete("mode");
  return params;
}

const TABLE_CHOICES = TIMES_TABLE_NUMBERS.map((table) => ({
  value: table,
  symbol: table,
  said: true,
  heard: " times table",
}));

/**
 * The times-tables game's start (docs/product.md#times-tables-game): a plain POST to /game/tables, so it works
 * without JavaScript (the run then plays page by page); with JavaScript the button says so (`island`) and the game
 * plays in the page. The server's reply to a refused form shows here, the choices sent kept.
 */
export function TablesStart({
  defaults,
  lastResult,
}: {
  defaults: TablesSettings;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({ id: "tables", lastResult });
  // After a refusal what was sent stays chosen (none ticked stays none ticked).
  const chosen = lastResult ? tablesSettingsSent(lastResult.initialValue, defaults) : defaults;
  return (
    <StartScreen
      form={form}
      heading={TABLES_START_TEXTS.heading}
      lead={TABLES_START_TEXTS.lead}
      action="/game/tables"
      lastResult={lastResult}
      after={<PlayCalmlyLink />}
    >
      <ChoiceCards
        field={fields.tables}
        legend="Tables"
        type="checkbox"
        choices={TABLE_CHOICES}
        checked={(value) => chosen.tables.some((table) => table === value)}
        listClass="tables-choices"
      >
        {/* A link, so it works without JavaScript: the page again, every table ticked, the rest as shown. */}
        <p className="tables-all">
          <a href={`/game/tables?${allTablesParams(chosen).toString()}`}>{TABLES_START_TEXTS.all}</a>
        </p>
      </ChoiceCards>
      <OperationsChoice
        field={fields.operations}
        legend="Multiply or divide"
        operations={TABLES_OPERATIONS}
        ticked={chosen.operations}
      />
      <TimeLimitChoice field={fields.timeLimit} chosen={chosen.timeLimit} />
      <div className="button-row">
        <StartButton label={TABLES_START_TEXTS.button} />
        <a href="/game" className="button button-secondary button-large">
          Back
        </a>
      </div>
    </StartScreen>
  );
}
