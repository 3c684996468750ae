import { forwardRef, type ButtonHTMLAttributes, type InputHTMLAttributes } from "react";

type Props = {
  /** What the field does in each mode: controlled by the island, or a plain form field the server reads. */
  input: Pick<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "disabled" | "onChange" | "autoFocus">;
  enter?: Pick<ButtonHTMLAttributes<HTMLButtonElement>, "disabled" | "name" | "value">;
  /** Whether answers can be decimals: a phone then offers a keyboard with a point, otherwise digits only. */
  decimal: boolean;
  /**
   * Whether the screen is touched rather than pointed at: then the on-screen pad is the keyboard and the field asks
   * for no system keyboard over it (a plugged-in keyboard still types; docs/product.md#number-pad-and-answer-entry).
   */
  touch?: boolean;
};

/**
 * The answer field and its Enter button, the same in the island and the server-driven game. Enter is
 * the first submit button of its form, so pressing Enter in the field answers.
 */
export const AnswerField = forwardRef<HTMLInputElement, Props>(function AnswerField(
  { input, enter, decimal, touch },
  ref,
) {
  return (
    <>
      <label htmlFor="answer" className="answer-label">
        Your answer
      </label>
      <div className="answer-row">
        <input
          ref={ref}
          id="answer"
          name="answer"
          className="answer-input"
          inputMode={touch ? "none" : decimal ? "decimal" : "numeric"}
          autoComplete="off"
          // Each attribute by name: a spread would bring its ES2017 helper into the game's chunk
          // (docs/decisions/0026-client-weight-budget.md).
          value={input.value}
          defaultValue={input.defaultValue}
          disabled={input.disabled}
          onChange={input.onChange}
          autoFocus={input.autoFocus}
        />
        <button
          type="submit"
          className="button button-primary answer-submit"
          name={enter?.name}
          value={enter?.value}
          disabled={enter?.disabled}
        >
          Enter
        </button>
      </div>
    </>
  );
});
